import { FileResource, PageResource } from './resource.ts';
import { resourceRef } from '../node.ts';

/** The refs of the content node types, made before `types.ts` implements them (links use them). */
export const FileRef = resourceRef(FileResource);
export const PageRef = resourceRef(PageResource);
