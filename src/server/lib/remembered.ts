/**
 * A map that forgets everything when it is full: memory for values worth keeping under a crowd
 * (a handful of header values, the places its fans are in), bounded whatever clients send. The
 * common keys come back at their next use.
 */
export class ForgetfulMap<K, V> {
  private readonly known = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.known.get(key);
  }

  set(key: K, value: V): this {
    if (this.known.size >= this.max) this.known.clear();
    this.known.set(key, value);
    return this;
  }
}

/**
 * A pure function of a request header's value, remembered per distinct value. For headers that
 * come in a handful of values under a crowd (Accept-Encoding, User-Agent) and take microseconds
 * to work out each time. At most `max` values are kept, and a value longer than `maxLength` is
 * worked out each time rather than kept. `fn` never answers undefined.
 */
export function rememberedPerValue<T>(fn: (value: string) => T, { max, maxLength }: { max: number; maxLength: number }): (value: string) => T {
  const known = new ForgetfulMap<string, T>(max);
  return (value) => {
    const hit = known.get(value);
    if (hit !== undefined) return hit;
    const worked = fn(value);
    if (value.length <= maxLength) known.set(value, worked);
    return worked;
  };
}
