/** A problem found in the sources: which file, where (JSON pointer, TSV line) and why. */
export interface SourceIssue {
  file: string;
  pointer: string;
  reason: string;
  line?: number;
}

export function formatIssue(issue: SourceIssue): string {
  const where = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`;
  return `${where} ${issue.pointer || '/'}: ${issue.reason}`;
}

/** Thrown when the sources are invalid; the CLI prints `message` without a stack trace. */
export class SourceError extends Error {
  readonly issues: SourceIssue[];
  constructor(issues: SourceIssue[]) {
    const shown = issues.slice(0, 50).map(formatIssue);
    if (issues.length > shown.length) shown.push(`… and ${issues.length - shown.length} more`);
    super(`invalid sources (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n` + shown.join('\n'));
    this.name = 'SourceError';
    this.issues = issues;
  }
}

/** Throws a SourceError when any issue was collected. */
export function failOnIssues(issues: SourceIssue[]): void {
  if (issues.length > 0) throw new SourceError(issues);
}
