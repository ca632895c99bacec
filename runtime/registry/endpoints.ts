/**
 * THE ENDPOINT REGISTRY: every path the server answers, declared once. Routing, 405/Allow, OPTIONS/HEAD,
 * query validation, the OpenAPI document, log path templates and the legacy prefix all derive from this
 * list. To add an endpoint, add an entry here and write its handler (see CONTRIBUTING.md).
 */
import { arrayOf, envelope, ref } from '../schemas/common.ts';
import { campusesHandler, campusHandler, openapiHandler, rootHandler, universitiesHandler, universityHandler } from '../handlers/catalog.ts';
import { buildingHandler, buildingsListHandler } from '../handlers/buildings.ts';
import { placeHandler, placesListHandler } from '../handlers/places.ts';
import { gapPlanHandler, routeHandler } from '../handlers/calculations.ts';
import { routesGetHandler } from '../handlers/routes-get.ts';
import { healthzHandler, readyzHandler } from '../handlers/health.ts';
import { campusMapHandler, entrancesHandler } from '../handlers/geo.ts';
import {
  legacyBuildingHandler, legacyBuildingsHandler, legacyGapPlanHandler, legacyPlaceHandler, legacyPlacesHandler, legacyRouteHandler,
} from '../handlers/legacy.ts';
import { assetHandler, docsPageHandler, explorePageHandler } from '../pages/serve.ts';
import { datasetFileHandler, datasetsHandler, FILE_MEDIA } from '../handlers/datasets.ts';
import { P, PAGE, Q, ROUTE_QUERY, SELECT } from './params.ts';
import type { Endpoint } from './types.ts';

/** 503: a campus's data is read on first use (runtime/data/load.ts) and answers unavailable while it cannot be read. */
const CALC_ERRORS = [400, 404, 409, 413, 415, 503] as const;

export const ENDPOINTS: readonly Endpoint[] = [
  {
    path: '/v1', get: rootHandler, tag: 'catalog', cache: 'static',
    summary: 'API information',
    description: 'Versions, capabilities, authentication (none), privacy boundary, attribution and licence, universities and campuses. /v1/ is the same.',
    success: { description: 'API information.', schema: envelope(ref('ApiInfo')) },
    errors: [400],
  },
  {
    path: '/v1/openapi.json', get: openapiHandler, tag: 'catalog', cache: 'static',
    summary: 'This OpenAPI document',
    description: 'This document (OpenAPI 3.1, JSON Schema 2020-12), not enveloped. It changes with the code and the data version (its examples are records of the data served); its ETag covers its bytes.',
    success: { description: 'OpenAPI 3.1 document (not enveloped).', schema: { type: 'object' } },
    errors: [400],
  },
  {
    path: '/v1/universities', get: universitiesHandler, tag: 'catalog', cache: 'static',
    summary: 'Universities (registry order)',
    description: 'Every university, in registry order, with its campuses, default campus, capabilities and the data edition of each campus. Paginated with limit/offset.',
    query: PAGE,
    success: { description: 'A page of universities.', schema: envelope(arrayOf(ref('University')), true) },
    errors: [400],
  },
  {
    path: '/v1/universities/{university}', get: universityHandler, tag: 'catalog', cache: 'static',
    summary: 'One university',
    description: 'One university by id (case-insensitive). Unknown → 404 university_not_found; blank → 400 invalid_identifier.',
    pathParams: { university: P.university },
    success: { description: 'The university.', schema: envelope(ref('University')) },
    errors: [400, 404],
  },
  {
    path: '/v1/campuses', get: campusesHandler, tag: 'catalog', cache: 'static',
    summary: 'Campuses (registry order)',
    description: 'Every campus, in registry order: time zone, bounds, walking-graph flag, counts and coverage. `university` keeps the campuses of one university (unknown → 400). Paginated with limit/offset.',
    query: [Q.university, ...PAGE],
    success: { description: 'A page of campuses.', schema: envelope(arrayOf(ref('Campus')), true) },
    errors: [400],
  },
  {
    path: '/v1/campuses/{campus}', get: campusHandler, tag: 'catalog', cache: 'static',
    summary: 'One campus',
    description: 'One campus by id (case-insensitive), with its coverage (buildings located, on the walking graph, entrances, share of routed pairs…). Unknown → 404 campus_not_found.',
    pathParams: { campus: P.campus },
    success: { description: 'The campus.', schema: envelope(ref('Campus')) },
    errors: [400, 404],
  },
  {
    path: '/v1/campuses/{campus}/map', get: campusMapHandler, tag: 'catalog', cache: 'static',
    summary: 'Campus map (GeoJSON)',
    description: 'One GeoJSON FeatureCollection (RFC 7946, [lon, lat]): building outlines (feature "footprint": one Polygon per outline polygon, building code, verificationStatus, osm), buildings at their location point (feature "building": code, name, category, locationKind), entrances and approach points (feature "entrance", kind) and every walking-graph edge (feature "path": verification, stairs, environment, osm; a link of zero length is a Point) plus the connectors the build inferred (feature "connector"). Attribution, licence and `extent` are foreign members, `bbox` bounds every feature. Valid under strict checks (no zero-length line, no repeated vertex). Not enveloped.',
    pathParams: { campus: P.campus },
    success: { description: 'The campus map.', schema: ref('CampusMap'), contentType: 'application/geo+json' },
    errors: [400, 404, 503],
  },
  {
    path: '/v1/buildings', get: buildingsListHandler, tag: 'buildings', cache: 'static',
    summary: 'Buildings of a campus, ordered by code',
    description: 'The buildings of one campus (default: the default campus of the default university), ordered by code. `q` matches code, name and aliases (case- and accent-insensitive substring); `category` filters. Paginated with limit/offset.',
    query: [...SELECT, Q.q, Q.category, ...PAGE],
    success: { description: 'A page of buildings.', schema: envelope(arrayOf(ref('Building')), true) },
    errors: [400, 503],
  },
  {
    path: '/v1/buildings/{building}', get: buildingHandler, tag: 'buildings', cache: 'static',
    summary: 'One building by code, exact name or alias',
    description: 'Resolution: code key first, then exact name/alias key; several matches → 409 with the candidate codes.',
    pathParams: { building: P.building },
    query: SELECT,
    success: { description: 'The building.', schema: envelope(ref('Building')) },
    errors: [400, 404, 409, 503],
  },
  {
    path: '/v1/buildings/{building}/entrances', get: entrancesHandler, tag: 'buildings', cache: 'static',
    summary: "A building's entrances, ordered by id",
    description: 'Same resolution, errors and query rules as the building lookup. `accessibility` is the step-free fact (only from a source that states it); `access` says whether the door is public; `onWalkingGraph` whether routing can use it.',
    pathParams: { building: P.building },
    query: [...SELECT, ...PAGE],
    success: { description: 'A page of entrances.', schema: envelope(arrayOf(ref('Entrance')), true) },
    errors: [400, 404, 409, 503],
  },
  {
    path: '/v1/places', get: placesListHandler, tag: 'places', cache: 'availability',
    summary: 'Places of a campus, ordered by id',
    description: 'Availability is evaluated at request time. Cache-Control: public, max-age = min(60, seconds until the earliest nextTransition) or no-store; no-store with openNow.',
    query: [...SELECT, Q.q, Q.kind, Q.building, Q.openNow, ...PAGE],
    success: { description: 'A page of places.', schema: envelope(arrayOf(ref('Place')), true) },
    errors: [400, 503],
  },
  {
    path: '/v1/places/{placeId}', get: placeHandler, tag: 'places', cache: 'availability',
    summary: 'One place',
    description: 'One place by id, with its availability (open, closed or unknown) evaluated at request time. A `university` or `campus` given must be the place\'s own; an unknown id → 404 place_not_found.',
    pathParams: { placeId: P.placeId },
    query: SELECT,
    success: { description: 'The place.', schema: envelope(ref('Place')) },
    errors: [400, 404, 503],
  },
  {
    path: '/v1/routes', get: routesGetHandler, post: routeHandler, tag: 'routes', cache: 'static',
    summary: 'Building-to-building walking estimate',
    description: 'GET takes the inputs as query parameters and is cacheable (static Cache-Control, weak ETag from the resolved inputs, 304); ' +
      'POST takes them as a JSON body and is never cached (no-store). Both return the same data for the same inputs. ' +
      'POST with `"geometry": true` adds `data.geometry`: the walked path as a GeoJSON LineString for routed results, null otherwise (absent without the flag). ' +
      'In step-free mode, when no verified step-free route exists (`unavailable`) on a campus whose walking graph records stairs, `data.stepFreeCandidate` gives the shortest path that avoids every recorded stair between doors not recorded as not-step-free, ' +
      'labelled `unverified` with its evidence (segments without a step-free fact, the doors used); it never changes the route\'s own status. Where the graph records no stairs, a warning says so instead.',
    query: ROUTE_QUERY,
    body: 'RouteRequest',
    success: { description: 'The route (GET: cacheable; POST: Cache-Control no-store).', schema: envelope(ref('Route')) },
    errors: CALC_ERRORS,
  },
  {
    path: '/v1/gaps/plan', post: gapPlanHandler, tag: 'gaps', cache: 'no-store',
    summary: 'Assess one free interval between two buildings',
    description: 'Evaluates only the supplied interval and buildings; accepts, retrieves and stores no timetable. endTime must be greater than startTime.',
    body: 'GapPlanRequest',
    success: { description: 'The gap plan (Cache-Control: no-store).', schema: envelope(ref('GapPlan')) },
    errors: CALC_ERRORS,
  },
  // Human pages (runtime/pages/): served by the API, left out of the OpenAPI document.
  {
    path: '/docs', get: docsPageHandler, tag: 'catalog', cache: 'revalidate', hidden: true,
    summary: 'API reference (Swagger UI rendering /v1/openapi.json)',
    description: 'HTML page.',
    success: { description: 'HTML page.', schema: { type: 'string' }, contentType: 'text/html; charset=utf-8' },
    errors: [400, 404],
  },
  {
    path: '/explore', get: explorePageHandler, tag: 'catalog', cache: 'revalidate', hidden: true,
    summary: 'Campus explorer (map, routes, gap plans, places; a client of this API)',
    description: 'HTML page.',
    success: { description: 'HTML page.', schema: { type: 'string' }, contentType: 'text/html; charset=utf-8' },
    errors: [400, 404],
  },
  {
    path: '/assets/{asset}', get: assetHandler, tag: 'catalog', cache: 'immutable', hidden: true,
    summary: 'Content-hashed script, style or image of the pages (immutable)',
    description: 'Static file of the pages.',
    pathParams: { asset: { description: 'File name with its content hash.', schema: { type: 'string' } } },
    success: { description: 'The file (its own Content-Type).', schema: { type: 'string' } },
    errors: [400, 404],
  },
  {
    path: '/v1/datasets', get: datasetsHandler, tag: 'datasets', cache: 'static',
    summary: 'Data versions held by this server (newest first)',
    description: 'Each version with every file (artifacts and manifest.json): name, path, bytes, sha256 and download URL. ' +
      'inService marks the version the API answers from; the list changes when the server reloads its data (SIGHUP).',
    query: PAGE,
    success: { description: 'A page of data versions.', schema: envelope(arrayOf(ref('Dataset')), true) },
    errors: [400],
  },
  {
    path: '/v1/datasets/{dataVersion}/{file}', get: datasetFileHandler, tag: 'datasets', cache: 'immutable',
    summary: 'One file of a data version, byte for byte',
    description: 'The exact bytes listed in the version\'s manifest (sha256 = the strong ETag without quotes). {file} is one URL segment: ' +
      'the file\'s path with "/" written as "." (campuses/utm.json → campuses.utm.json), as /v1/datasets lists it; an encoded slash, ' +
      '"..", or any other character outside [A-Za-z0-9._-] → 400 invalid_identifier. Content-Type by file: application/json ' +
      '(.json), application/geo+json (.geojson), application/octet-stream (.bin and others). Cache-Control: public, max-age=31536000, immutable.',
    pathParams: { dataVersion: P.dataVersion, file: P.datasetFile },
    success: { description: 'The file\'s bytes, with the Content-Type of its kind.', schema: { type: 'string', contentMediaType: 'application/octet-stream' }, contentType: 'application/octet-stream', media: FILE_MEDIA },
    errors: [400, 404],
  },
  {
    path: '/api/campus-buildings', get: legacyBuildingsHandler, tag: 'legacy', cache: 'static', successor: '/v1/buildings',
    summary: 'Deprecated: all buildings (successor /v1/buildings)',
    description: 'Original flat shape, for existing clients: the buildings of the selected campus without the v1 fields. Use GET /v1/buildings in new code.',
    query: SELECT,
    success: { description: 'Flat body.', schema: ref('LegacyBuildings') },
    errors: [404, 503],
  },
  {
    path: '/api/campus-building', get: legacyBuildingHandler, tag: 'legacy', cache: 'static', successor: '/v1/buildings',
    summary: 'Deprecated: one building (successor /v1/buildings/{building})',
    description: 'Original flat shape: the building whose code, name or alias is `q`; several matches → 409 with the candidates. Use GET /v1/buildings/{building} in new code.',
    query: [Q.legacyQ, ...SELECT],
    success: { description: 'Flat body.', schema: ref('LegacyBuilding') },
    errors: [404, 409, 503],
  },
  {
    path: '/api/campus-route', post: legacyRouteHandler, tag: 'legacy', cache: 'no-store', successor: '/v1/routes',
    summary: 'Deprecated: route (successor /v1/routes)',
    description: 'Original flat shape of the route between two buildings (same body and result as POST /v1/routes). Use /v1/routes in new code.',
    body: 'RouteRequest',
    success: { description: 'Flat body.', schema: ref('LegacyRoute') },
    errors: CALC_ERRORS,
  },
  {
    path: '/api/campus-gap-plan', post: legacyGapPlanHandler, tag: 'legacy', cache: 'no-store', successor: '/v1/gaps/plan',
    summary: 'Deprecated: gap plan (successor /v1/gaps/plan)',
    description: 'Original flat shape of the gap plan (same body and result as POST /v1/gaps/plan). Use POST /v1/gaps/plan in new code.',
    body: 'GapPlanRequest',
    success: { description: 'Flat body.', schema: ref('LegacyGapPlan') },
    errors: CALC_ERRORS,
  },
  {
    path: '/api/campus-places', get: legacyPlacesHandler, tag: 'legacy', cache: 'availability', successor: '/v1/places',
    summary: 'Deprecated: all places (successor /v1/places)',
    description: 'Original flat shape: the places of the selected campus with their availability. Use GET /v1/places in new code.',
    query: SELECT,
    success: { description: 'Flat body.', schema: ref('LegacyPlaces') },
    errors: [404, 503],
  },
  {
    path: '/api/campus-place', get: legacyPlaceHandler, tag: 'legacy', cache: 'availability', successor: '/v1/places',
    summary: 'Deprecated: one place (successor /v1/places/{placeId})',
    description: 'Original flat shape: the place whose id is `id`. Use GET /v1/places/{placeId} in new code.',
    query: [Q.legacyId],
    success: { description: 'Flat body.', schema: ref('LegacyPlace') },
    errors: [404, 503],
  },
  {
    path: '/healthz', get: healthzHandler, tag: 'catalog', cache: 'no-store', hidden: true,
    summary: 'Liveness probe: the process answers ({"status":"ok"}, not enveloped)',
    description: 'Operational probe.',
    success: { description: 'Alive.', schema: { type: 'object' } },
    errors: [],
  },
  {
    path: '/readyz', get: readyzHandler, tag: 'catalog', cache: 'no-store', hidden: true,
    summary: 'Readiness probe: data loaded and not draining ({"status":"ready"}; 503 {"status":"draining"} during shutdown)',
    description: 'Operational probe.',
    success: { description: 'Ready.', schema: { type: 'object' } },
    errors: [],
  },
];
