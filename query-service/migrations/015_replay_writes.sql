-- A batch of likes writes each liked post's counts and its author's grouped like notification.
--
-- Posts: the new counts touch no indexed column, so a row's new version can stay on its page (a HOT
-- update, no new entry in any of the post's four indexes, the GIN of its tags among them) when the page
-- has room; filled to the brim, every count change moved the row and indexed it anew. New pages keep
-- a fifth free (a rebuild refills the table from empty, so all of its pages).
ALTER TABLE {{schema}}.posts SET (fillfactor = 80);

-- Notifications: a grouped like notification is found by its id; what read it by post (its likers'
-- notification, a removed post's or account's notifications) is served by notifications_post, of which
-- this index was a subset. One index fewer to write for every notification made or moved up.
DROP INDEX {{schema}}.notifications_post_likes;
