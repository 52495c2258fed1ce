import { builder } from '../builder.ts';
import './common.ts';
import './organization.ts';
import './collection.ts';
import './space.ts';
import './member.ts';
import './team.ts';
import './saml.ts';
import './search.ts';
import './content/index.ts';
import './changeRequest/index.ts';
import './comment/index.ts';
import './openapi.ts';
import './conversation.ts';
import './translation.ts';
import './site/index.ts';

export const schema = builder.toSchema({ sortSchema: false });
