-- The top bar's typeahead offers jobs by their titles alone, newest first, without counting them
-- (jobs/queries.ts, titleMatches): an index of the title documents finds them without reading every
-- match's whole search document, which a word typed half-way (a few letters, thousands of matches) made
-- the costliest part of a typeahead's answer.
CREATE INDEX job_search_title ON {{schema}}.job_search USING gin (title_document);
