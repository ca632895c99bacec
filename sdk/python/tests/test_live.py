"""Python SDK against a live server (URL in CAMPUS_API_URL; `npm test` starts one and sets it)."""
import os
import re
import unittest
import urllib.request
import json

from campus_data import CampusApiError, CampusClient, CampusError, models

URL = os.environ.get("CAMPUS_API_URL")
UUID_V4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def raw_all(path):
    """Every item of a collection through plain HTTP, 100 per page."""
    out, offset = [], 0
    while offset is not None:
        sep = "&" if "?" in path else "?"
        with urllib.request.urlopen("%s%s%slimit=100&offset=%d" % (URL, path, sep, offset)) as res:
            page = json.loads(res.read())
        out.extend(page["data"])
        offset = page["meta"]["pagination"]["nextOffset"]
    return out


@unittest.skipUnless(URL, "set CAMPUS_API_URL to a running server")
class LiveOperations(unittest.TestCase):
    def setUp(self):
        self.client = CampusClient(URL, retries=0)

    def test_catalog(self):
        info = self.client.info()
        self.assertEqual(info["apiVersion"], "v1")
        self.assertEqual(info["authentication"], "none")
        self.assertEqual(self.client.openapi()["openapi"], "3.1.0")
        unis = self.client.universities(limit=5)
        self.assertEqual(len(unis["data"]), 5)
        self.assertEqual(unis["meta"]["pagination"]["total"], len(info["universities"]))
        self.assertEqual(self.client.university(info["defaultUniversity"])["id"], info["defaultUniversity"])
        campuses = self.client.campuses(university="tmu")["data"]
        self.assertEqual({c["university"] for c in campuses}, {"tmu"})
        self.assertEqual(self.client.campus(info["defaultCampus"])["id"], info["defaultCampus"])

    def test_buildings_and_places(self):
        page = self.client.buildings(q="davis", limit=10)
        self.assertIn("DV", [b["code"] for b in page["data"]])
        self.assertEqual(page["meta"]["filters"], {"q": "davis"})
        dv = self.client.building("DV")
        self.assertEqual(dv["code"], "DV")
        self.assertEqual(self.client.building("kerr hall east", campus="tmu")["code"], "KHE")
        places = self.client.places(limit=2)["data"]
        self.assertEqual(len(places), 2)
        place = self.client.place(places[0]["id"])
        self.assertEqual(place["id"], places[0]["id"])
        self.assertIn(place["availability"], ("open", "closed", "unknown"))

    def test_route_and_gap_plan(self):
        route = self.client.route({"from": "DV", "to": "CCT", "preferences": {"mode": "prefer-indoor"}})
        self.assertEqual((route["from"]["code"], route["to"]["code"]), ("DV", "CCT"))
        self.assertEqual(route["preferences"]["mode"], "prefer-indoor")
        self.assertEqual(self.client.get_route({"from": "DV", "to": "CCT"}, mode="prefer-indoor"), route)
        plan = self.client.gap_plan({"from": "DV", "to": "CCT", "term": "Fall", "weekday": "Monday",
                                     "startTime": 600, "endTime": 720})
        self.assertEqual(plan["gap"]["durationMinutes"], 120)
        self.assertEqual(plan["route"]["status"], route["status"])

    def test_datasets_and_dataset_file(self):
        import hashlib
        held = [v for v in self.client.datasets()["data"] if v["inService"]][0]
        entry = [f for f in held["files"] if f["path"] == "catalog.json"][0]
        data = self.client.dataset_file(held["dataVersion"], entry["name"])
        self.assertEqual(hashlib.sha256(data).hexdigest(), entry["sha256"])

    def test_iterators_return_exactly_the_full_collection(self):
        codes = [b["code"] for b in self.client.iter_buildings(campus="tmu", limit=7)]
        expected = [b["code"] for b in raw_all("/v1/buildings?campus=tmu")]
        self.assertGreater(len(expected), 14)
        self.assertEqual(codes, expected)
        ids = [p["id"] for p in self.client.iter_places(limit=3)]
        self.assertEqual(ids, [p["id"] for p in raw_all("/v1/places")])
        self.assertEqual(len(set(ids)), len(ids))
        entrances = [e["id"] for e in self.client.iter_entrances("DV", limit=1)]
        self.assertGreater(len(entrances), 2)
        self.assertEqual(entrances, [e["id"] for e in raw_all("/v1/buildings/DV/entrances")])

    def test_records_have_exactly_the_typeddict_keys(self):
        building = self.client.building("DV")
        self.assertEqual(set(building), set(models.Building.__required_keys__) | set(models.Building.__optional_keys__))
        self.assertTrue(models.Building.__required_keys__ <= set(building))
        route = self.client.route({"from": "DV", "to": "CCT"})
        self.assertEqual(set(route), set(models.Route.__required_keys__))  # geometry only when asked for
        with_geometry = self.client.route({"campus": "brock", "from": "MC", "to": "IH", "geometry": True})
        self.assertEqual(set(with_geometry), set(models.Route.__required_keys__) | {"geometry"})
        self.assertEqual(with_geometry["geometry"]["type"], "LineString")
        # step-free where no verified step-free route exists: the stair-avoiding candidate beside it (UTM records stairs)
        step_free = self.client.route({"from": "DV", "to": "CCT", "preferences": {"mode": "step-free"}, "geometry": True})
        self.assertEqual(set(step_free), set(models.Route.__required_keys__) | set(models.Route.__optional_keys__))
        candidate = step_free["stepFreeCandidate"]
        self.assertEqual(set(candidate), set(models.StepFreeCandidate.__required_keys__) | set(models.StepFreeCandidate.__optional_keys__))
        self.assertEqual(candidate["verification"], "unverified")

    def test_entrances_and_campus_map(self):
        entrances = self.client.entrances("DV")["data"]
        self.assertTrue(any(e["accessibility"] == "accessible" for e in entrances))
        self.assertEqual(self.client.entrances("DV", limit=1)["meta"]["pagination"]["count"], 1)
        geo = self.client.campus_map("carleton")
        self.assertEqual(geo["type"], "FeatureCollection")
        self.assertIn("OpenStreetMap", geo["attribution"])


@unittest.skipUnless(URL, "set CAMPUS_API_URL to a running server")
class LiveErrors(unittest.TestCase):
    """Each client-causable error code of BEHAVIOUR section 4 surfaces as CampusApiError."""

    def setUp(self):
        self.client = CampusClient(URL)  # retries=2: a 4xx must still be sent once

    def failure(self, call, status, code):
        with self.assertRaises(CampusApiError) as ctx:
            call()
        err = ctx.exception
        self.assertEqual((err.status, err.code), (status, code))
        self.assertTrue(err.message)
        self.assertRegex(err.request_id, UUID_V4)
        return err

    def test_invalid_query(self):
        self.failure(lambda: self.client.buildings(limit=0), 400, "invalid_query")
        self.failure(lambda: self.client.buildings(colour="red"), 400, "invalid_query")
        self.failure(lambda: self.client.places(campus="atlantis"), 400, "invalid_query")

    def test_invalid_identifier(self):
        self.failure(lambda: self.client.place("Not_A_Slug"), 400, "invalid_identifier")
        self.failure(lambda: self.client.building("  "), 400, "invalid_identifier")

    def test_invalid_request(self):
        err = self.failure(lambda: self.client.route({"from": "DV", "to": "CCT", "preferences": {"walkingSpeedMps": 9}}),
                           400, "invalid_request")
        self.assertEqual([f["field"] for f in err.details["fields"]], ["preferences.walkingSpeedMps"])
        self.failure(lambda: self.client.gap_plan({"from": "DV", "to": "CCT", "term": "Fall", "weekday": "Monday",
                                                   "startTime": 700, "endTime": 600}), 400, "invalid_request")

    def test_not_found_codes(self):
        self.failure(lambda: self.client.building("NOPE"), 404, "building_not_found")
        self.failure(lambda: self.client.route({"from": "NOPE", "to": "DV"}), 404, "building_not_found")
        self.failure(lambda: self.client.place("no-such-place"), 404, "place_not_found")
        self.failure(lambda: self.client.university("atlantis"), 404, "university_not_found")
        self.failure(lambda: self.client.campus("atlantis"), 404, "campus_not_found")
        self.failure(lambda: CampusClient(URL + "/nowhere", retries=0).info(), 404, "not_found")
        self.failure(lambda: self.client.entrances("NOPE"), 404, "building_not_found")
        self.failure(lambda: self.client.campus_map("atlantis"), 404, "campus_not_found")
        self.failure(lambda: self.client.dataset_file("1999-01-01.deadbeef", "catalog.json"), 404, "not_found")

    def test_invalid_query_and_identifier_on_newer_operations(self):
        self.failure(lambda: self.client.get_route({"from": "DV"}), 400, "invalid_query")
        self.failure(lambda: self.client.dataset_file("1999-01-01.deadbeef", "a b"), 400, "invalid_identifier")
        self.failure(lambda: self.client.entrances("Kerr Hall", university="tmu"), 409, "ambiguous_building")

    def test_path_parameters_a_url_cannot_carry_are_refused_locally(self):
        for value in ("", ".", ".."):
            with self.assertRaises(CampusError) as ctx:
                self.client.building(value)
            self.assertNotIsInstance(ctx.exception, CampusApiError)
            with self.assertRaises(CampusError):
                self.client.dataset_file("x", value)

    def test_ambiguous_building(self):
        err = self.failure(lambda: self.client.building("Kerr Hall", university="tmu"), 409, "ambiguous_building")
        self.assertEqual(err.details, {"candidates": ["KHE", "KHN", "KHS", "KHW"]})

    def test_request_too_large(self):
        self.failure(lambda: self.client.route({"from": "x" * 17000, "to": "DV"}), 413, "request_too_large")


if __name__ == "__main__":
    unittest.main()
