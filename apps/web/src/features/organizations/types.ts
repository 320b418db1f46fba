import type { RouterOutputs } from '../../lib/types';

export type Organization = RouterOutputs['organizations']['get']['data'];
