import { builder } from '../builder.ts';
import './base.ts';
import './errors.ts';
import './organization/index.ts';
import './collection/index.ts';
import './space/index.ts';
import './member/index.ts';
import './team/index.ts';
import './saml/index.ts';
import './search/index.ts';
import './content/index.ts';
import './changeRequest/index.ts';
import './comment/index.ts';
import './openapi/index.ts';
import './conversation/index.ts';
import './translation/index.ts';
import './site/index.ts';

export const schema = builder.toSchema({ sortSchema: false });
