import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Registered on the dev server at start (--search-attribute OrgId=Keyword): filter runs by org in the Web UI. */
export const ORG_ID_ATTRIBUTE = defineSearchAttributeKey('OrgId', SearchAttributeType.KEYWORD);
