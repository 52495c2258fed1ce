import './types/files.ts';
import './types/pages.ts';
import './types/revisions.ts';
import './types/links.ts';
import './queries.ts';
import './mutations.ts';
import './types/references.ts';
