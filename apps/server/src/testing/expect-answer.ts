import { expect } from 'vitest';
import type { Json, TestResponse } from './harness';

/** A REST answer's envelope: its status, its message and (when given) at least these data fields. */
export function expectAnswer(
  res: TestResponse,
  status: number,
  message: string,
  data?: Json,
): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body.message).toBe(message);
  if (data !== undefined) expect(res.body.data).toMatchObject(data);
}
