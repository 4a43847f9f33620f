import { z } from 'zod';
import { WIDGET_UPLOAD_CONTENT_TYPES } from '../../../domain/contracts/widget.contract';

export const StoredFileParamsSchema = z.object({ key: z.string().min(1).max(512) });

/** What the upload URL carries besides the key: the signed content type, the expiry (Unix seconds) and the signature. */
export const UploadQuerySchema = z.object({
  contentType: z.string().optional(),
  expires: z.string().optional(),
  signature: z.string().optional(),
});

export const UploadedSchema = z.object({ key: z.string(), fileUrl: z.string(), size: z.number().int() });

export const UPLOAD_CONTENT_TYPES: string[] = [...WIDGET_UPLOAD_CONTENT_TYPES];
