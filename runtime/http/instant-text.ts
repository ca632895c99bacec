/**
 * Text with holes for one instant — an ISO 8601 timestamp written as a JSON string — such as a places
 * body in which every `evaluatedAt` is the request's instant: text = parts[0] + "iso" + parts[1] + … .
 * Filling it costs one join (and one encoding); the last filling is remembered, so requests in the same
 * millisecond share it.
 */
export class InstantText {
  private readonly holes: number;
  private readonly partBytes: number;
  private lastIso = '';
  private lastText = '';
  private lastBytes: Buffer | null = null;

  constructor(private readonly parts: readonly string[]) {
    this.holes = parts.length - 1;
    let bytes = 0;
    for (const p of parts) bytes += Buffer.byteLength(p);
    this.partBytes = bytes;
  }

  /** The text with every hole set to `iso` (as produced by Date#toISOString). */
  at(iso: string): string {
    if (iso !== this.lastIso) {
      this.lastText = this.holes === 0 ? this.parts[0]! : this.parts.join(JSON.stringify(iso));
      this.lastBytes = null;
      this.lastIso = iso;
    }
    return this.lastText;
  }

  /** `at(iso)` as UTF-8 bytes. */
  bytesAt(iso: string): Buffer {
    const text = this.at(iso);
    return (this.lastBytes ??= Buffer.from(text));
  }

  /** Byte length of `at(iso)` (ISO timestamps are ASCII: the JSON string is iso.length + 2 bytes). */
  bytes(iso: string): number {
    return this.partBytes + this.holes * (iso.length + 2);
  }
}

export class InstantTextBuilder {
  private readonly parts: string[] = [];
  private current = '';

  text(s: string): this {
    this.current += s;
    return this;
  }

  /** A hole for the instant. */
  instant(): this {
    this.parts.push(this.current);
    this.current = '';
    return this;
  }

  build(): InstantText {
    return new InstantText([...this.parts, this.current]);
  }
}
