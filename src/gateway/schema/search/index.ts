import './types.ts';
import './queries.ts';
