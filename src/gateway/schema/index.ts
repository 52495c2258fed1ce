import { builder } from '../builder.ts';
import './base.ts';
import './errors.ts';
import './organization/index.ts';
import './collection/types.ts';
import './space/index.ts';
import './member/types.ts';
import './team/index.ts';
import './saml/types.ts';
import './search/types.ts';
import './content/index.ts';
import './changeRequest/index.ts';
import './comment/index.ts';
import './openapi/index.ts';
import './conversation/index.ts';
import './translation/index.ts';
import './site/index.ts';

export const schema = builder.toSchema({ sortSchema: false });
