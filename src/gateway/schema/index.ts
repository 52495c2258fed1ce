import { builder } from '../builder.ts';
import './common.ts';

export const schema = builder.toSchema({ sortSchema: false });
