-- People you may know shows each person's place beside their job title, so that two people of one name
-- can be told apart, and says "Also in Berlin" when the city is why they are suggested: the suggestions
-- model's cards keep the place too (people-cards.ts, from UserRegistered and ProfileUpdated).
ALTER TABLE {{schema}}.suggestion_cards
  ADD COLUMN location jsonb NOT NULL DEFAULT '{"city": "", "state": "", "country": ""}';

-- What existed before this migration gets the place the projector would have written, once.
UPDATE {{schema}}.suggestion_cards c SET location = u.location FROM {{schema}}.users u WHERE u.id = c.id;
