/** Every cached tag read sits under this key: a tag's summary, and the tags the reader follows. */
export const tagsKey = ['tags'] as const;

/** A tag's page header, one entry per tag as tags compare (`key`, tagKey): `#QA` and `#qa` share it. */
export const tagSummaryKey = (key: string) => [...tagsKey, 'summary', key] as const;

export const followedTagsKey = [...tagsKey, 'followed'] as const;
