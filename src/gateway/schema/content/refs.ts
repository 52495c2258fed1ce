import { resourceRef } from '../node.ts';
import { FileResource, PageResource } from './resource.ts';

/** The refs of the content node types, made before `types.ts` implements them (links use them). */
export const FileRef = resourceRef(FileResource);
export const PageRef = resourceRef(PageResource);
