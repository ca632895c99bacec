/** Build time vs graph size — filled in once build/ exposes its graph and all-pairs functions. */
export interface GraphScalingRow {
  graph: string;
  nodes: number;
  edges: number;
  buildings: number;
  ms: number;
}

export async function graphScaling(): Promise<GraphScalingRow[]> {
  return [];
}
