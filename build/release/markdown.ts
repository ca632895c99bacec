/** The changelog for people: Markdown rendered from the Changelog data (same order, nothing added). */
import type { CampusChanges, Changelog } from './diff.ts';

/** Route pairs shown per transition in Markdown (the JSON lists more; the count is always complete). */
const EXAMPLES = 5;

const code = (s: string) => `\`${s}\``;
const quote = (s: string | null) => (s === null ? 'none' : `"${s}"`);
const point = (p: { lat: number; lon: number }) => `${p.lat}, ${p.lon}`;
const day = (generatedAt: string) => generatedAt.slice(0, 10);

function section(title: string, lines: string[]): string[] {
  return lines.length ? [`### ${title}`, '', ...lines, ''] : [];
}

function buildingLines(c: CampusChanges): string[] {
  const b = c.buildings;
  return [
    ...b.added.map((x) => `- Added ${code(x.code)} ${x.name}`),
    ...b.removed.map((x) => `- Removed ${code(x.code)} ${x.name}`),
    ...b.renamed.map((x) => `- Renamed ${code(x.code)}: ${x.from} → ${x.to}`),
    ...b.codeChanged.map((x) => `- Code changed ${code(x.from)} → ${code(x.to)} (${x.name})`),
    ...b.aliases.map((x) => {
      const parts = [...x.added.map((a) => `+ ${quote(a)}`), ...x.removed.map((a) => `− ${quote(a)}`)];
      return `- Aliases of ${code(x.code)}: ${parts.join(', ')}`;
    }),
    ...b.category.map((x) => `- Category of ${code(x.code)}: ${x.from} → ${x.to}`),
    ...b.moved.map((x) => {
      if (x.from && x.to) return `- Moved ${code(x.code)} by ${Math.round(x.meters!)} m (${point(x.from)} → ${point(x.to)})`;
      return x.to ? `- Location of ${code(x.code)} now known (${point(x.to)})` : `- Location of ${code(x.code)} no longer known`;
    }),
  ];
}

const KIND_WORDS: Record<string, string> = { entrance: 'entrance', approach: 'approach point' };
const kindWords = (kind: string) => KIND_WORDS[kind] ?? kind;

function entranceLines(c: CampusChanges): string[] {
  const e = c.entrances;
  return [
    // an approach point never carries a step-free fact
    ...e.added.map((x) => `- Added ${kindWords(x.kind)} ${code(x.id)} of ${code(x.building)}${x.kind === 'approach' ? '' : ` (step-free: ${x.accessibility})`}`),
    ...e.removed.map((x) => `- Removed ${kindWords(x.kind)} ${code(x.id)} of ${code(x.building)}`),
    ...e.kind.map((x) => `- ${code(x.id)} of ${code(x.building)}: ${kindWords(x.from)} → ${kindWords(x.to)}`),
    ...e.stepFree.map((x) => `- Step-free fact of entrance ${code(x.id)} of ${code(x.building)}: ${x.from} → ${x.to}`),
  ];
}

function routeLines(c: CampusChanges): string[] {
  if (!c.routes.length) return [];
  return [
    '| mode | before | after | pairs | e.g. |',
    '|---|---|---|---:|---|',
    ...c.routes.map((t) => {
      const examples = t.pairs.slice(0, EXAMPLES).map(([a, b]) => `${a} → ${b}`).join(', ');
      return `| ${t.mode} | ${t.from} | ${t.to} | ${t.count} | ${examples}${t.count > EXAMPLES ? ', …' : ''} |`;
    }),
  ];
}

function placeLines(c: CampusChanges): string[] {
  const p = c.places;
  return [
    ...p.added.map((x) => `- Added ${code(x.id)} ${x.name} (in ${code(x.building)})`),
    ...p.removed.map((x) => `- Removed ${code(x.id)} ${x.name}`),
    ...p.hours.map((x) => `- Hours of ${code(x.id)}: ${quote(x.from)} → ${quote(x.to)}`),
  ];
}

function campusLines(c: CampusChanges): string[] {
  const head = `## ${c.name} (${code(c.campus)})`;
  if (c.status === 'added') {
    return [head, '', `New campus: ${c.buildings.added.length} buildings, ${c.places.added.length} places.`, ''];
  }
  if (c.status === 'removed') {
    return [head, '', `Campus removed (it had ${c.buildings.removed.length} buildings, ${c.places.removed.length} places).`, ''];
  }
  return [
    head,
    '',
    ...section('Buildings', buildingLines(c)),
    ...section('Entrances', entranceLines(c)),
    ...section('Route outcomes (outcome/verification)', routeLines(c)),
    ...section('Places', placeLines(c)),
  ];
}

export function changelogMarkdown(log: Changelog): string {
  const lines = [
    '# Campus data changelog',
    '',
    log.from
      ? `From ${code(log.from.dataVersion)} (data of ${day(log.from.generatedAt)}) to ${code(log.to.dataVersion)} (data of ${day(log.to.generatedAt)}).`
      : `${code(log.to.dataVersion)} (data of ${day(log.to.generatedAt)}): a first release, not compared with an earlier version (use \`--since\`).`,
    '',
  ];
  if (!log.campuses.length) lines.push('No changes.', '');
  for (const c of log.campuses) lines.push(...campusLines(c));
  return lines.join('\n').replace(/\n+$/, '\n');
}
