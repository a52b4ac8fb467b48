import * as yup from 'yup';
import { withJsonSchema } from '../core/validation.ts';

export const blmUploadQuery = yup.object({
  partial: withJsonSchema(yup.string().oneOf(['1', 'true', '0', 'false'], 'partial must be one of: ${values}'), {
    description: '`1` (or `true`): the file holds some homes only, and the branch\'s others stay as they are; by default a file is the branch\'s whole stock',
  }),
});

export const importIdPath = yup.object({ id: withJsonSchema(yup.string().required(), { description: 'the import id', format: 'uuid' }) });

export const mediaPath = yup.object({
  digest: yup.string().matches(/^[0-9a-f]{64}$/).required(),
  size: yup.string().oneOf(['thumbnail', 'mediumSize', 'largeSize']).required(),
});
