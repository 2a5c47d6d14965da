-- Authors edit their posts and comments (PostEdited, CommentEdited): the text is replaced in place and
-- these say when it last changed, for the "Edited" mark. Null for what was never edited (every row that
-- exists before this migration, as no edit event existed before it). Neither column is indexed, so an
-- edit, like a count change, can stay a HOT update (migration 015).
ALTER TABLE {{schema}}.posts ADD COLUMN edited_at timestamptz;
ALTER TABLE {{schema}}.post_comments ADD COLUMN edited_at timestamptz;
