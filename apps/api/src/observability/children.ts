// A metric's child per label set, looked up in nested maps and made once: prom-client's own
// `labels()` hashes an object of the labels on every call, which is the per-request allocation
// the edge's hot path keeps out.

export function children2<C>(make: (a: string, b: string) => C): (a: string, b: string) => C {
  const root = new Map<string, Map<string, C>>();
  return (a, b) => {
    let level = root.get(a);
    if (!level) root.set(a, (level = new Map()));
    let child = level.get(b);
    if (child === undefined) level.set(b, (child = make(a, b)));
    return child;
  };
}

export function children3<C>(make: (a: string, b: string, c: string) => C): (a: string, b: string, c: string) => C {
  const root = new Map<string, (b: string, c: string) => C>();
  return (a, b, c) => {
    let level = root.get(a);
    if (!level) root.set(a, (level = children2((b2, c2) => make(a, b2, c2))));
    return level(b, c);
  };
}
