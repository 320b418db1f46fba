/** Time source; tests pass a controllable one. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export type TestClock = Clock & {
  set: (date: Date | string) => void;
  advance: (ms: number) => void;
};

export function createTestClock(start: Date | string = '2026-11-22T09:00:00Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
