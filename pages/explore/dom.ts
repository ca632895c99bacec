/** A tiny element builder (no innerHTML: API text is always inserted as text). */
type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined> = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'number' ? String(c) : c);
  return el;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
}

/** Minutes since midnight → "HH:MM". */
export function clock(minutes: number): string {
  const m = Math.round(minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** "HH:MM" → minutes since midnight, or null. */
export function minutesOf(value: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function duration(seconds: number): string {
  const s = Math.round(seconds);
  const min = Math.floor(s / 60);
  return min === 0 ? `${s} s` : `${min} min ${String(s % 60).padStart(2, '0')} s`;
}

/** Brings a freshly computed result into view (its scrolling box moves; with motion only when the user allows it). */
export function reveal(el: HTMLElement): void {
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
}
