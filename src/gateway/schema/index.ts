import { builder } from '../builder.ts';
import './common.ts';
import './organization.ts';

export const schema = builder.toSchema({ sortSchema: false });
