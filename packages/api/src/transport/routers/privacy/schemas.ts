import { z } from 'zod';
import { DATA_EXPORT_STATUSES } from '../../../contracts/privacy';

export const dataExportOutput = z.object({
  uuid: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  size_bytes: z.number().nullable(),
});
