/** At most `size` tasks at once through the returned function; the rest wait their turn in order. */
export function limiter(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < size) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A finished task hands its place straight to the next waiting one.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** `fn` over every item, at most `size` at once; the answers in the items' order. */
export function mapLimited<T, R>(items: readonly T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const slot = limiter(size);
  return Promise.all(items.map((item, index) => slot(() => fn(item, index))));
}
