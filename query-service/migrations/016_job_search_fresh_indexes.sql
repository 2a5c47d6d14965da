-- What a search pays for jobs posted since the indexes were last tidied.
--
-- A new job's words go to the GIN index's pending list, not into the index itself, and every search
-- reads the whole pending list and matches each of its documents against the query. The list is
-- merged into the index only when it outgrows gin_pending_list_limit (4 MB by default) or at a
-- vacuum. Measured on 50,000 jobs with 294 pages (about 2.3 MB) pending, as after the bench's 50,000
-- postings: the search mix took 12 to 14% longer than with the list merged. At 256 kB a search reads
-- at most 32 pages of it; the job that fills it pays the merge (writing the 50,000 jobs through the
-- projector took no longer measurably).
ALTER INDEX {{schema}}.job_search_document SET (gin_pending_list_limit = 256);

-- A list without search text is counted from an index alone (migration 014) only on pages the
-- visibility map marks all-visible; on the others each entry is checked against its row. Inserts mark
-- nothing, and autovacuum comes after 1,000 + 20% of the table's rows have been inserted (11,000 on
-- 50,000 jobs); measured on 50,000 jobs with 11,000 to 13,000 jobs not yet vacuumed, those lists took
-- 1.5 to 2.5 times as long. Here it comes after 1,000 + 1%, and a vacuum of these tables (narrow
-- rows, in memory) also merges the pending list above.
ALTER TABLE {{schema}}.jobs SET (autovacuum_vacuum_insert_scale_factor = 0.01);
ALTER TABLE {{schema}}.job_search SET (autovacuum_vacuum_insert_scale_factor = 0.01);
