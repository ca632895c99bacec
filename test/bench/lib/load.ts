/** Parent side of the load-generator process. */
import { forkTs, stopChild, type Child } from './proc.ts';

export interface LoadRequest {
  method: string;
  path: string;
  body?: string;
}
export interface LoadJob {
  url: string;
  connections: number;
  seconds: number;
  amount?: number;
  requests: LoadRequest[];
}
export interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

export class LoadGenerator {
  private next = 1;
  private constructor(private readonly child: Child) {}

  static async start(): Promise<LoadGenerator> {
    return new LoadGenerator(await forkTs('test/bench/load-child.ts'));
  }

  run(job: LoadJob): Promise<LoadResult> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const onMessage = (m: { id?: number; result?: LoadResult; error?: string }) => {
        if (m.id !== id) return;
        this.child.proc.off('message', onMessage);
        if (m.error !== undefined) reject(new Error(m.error));
        else resolve(m.result!);
      };
      this.child.proc.on('message', onMessage);
      this.child.proc.send({ id, job });
    });
  }

  stop(): Promise<number | null> {
    return stopChild(this.child);
  }
}
