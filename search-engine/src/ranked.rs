//! A page of matches by score, the newest first among equal scores, and how many match: what
//! `TopDocs` ordered by (score, date) with `Count` beside it gives, in one collector that reads a
//! match's date only when its score could put it on the page.
//!
//! Why not those two: at 500,000 jobs their per-match work (the sort key's comparison, the date read
//! for it, the second collector's call) was 13.5% of the engine's samples over the bench's searches.
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::{DocAddress, DocId, Score, SegmentOrdinal, SegmentReader};

/// A match as the page orders it: a higher score first, then a later date, then the lower address
/// (`Greater` comes first).
#[derive(Clone, Copy, Debug)]
pub struct Ranked {
    score: Score,
    date: i64,
    pub at: DocAddress,
}

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        self.score.total_cmp(&other.score).then(self.date.cmp(&other.date)).then(other.at.cmp(&self.at))
    }
}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Ranked {}

/// The `limit` matches after the first `offset`, by score then `date_field` (an i64 fast field, newest
/// first; a document without one comes last among its score), and every match counted.
pub struct RankedPage {
    pub offset: usize,
    pub limit: usize,
    pub date_field: &'static str,
}

pub struct RankedSegment {
    segment: SegmentOrdinal,
    dates: Column<i64>,
    /// The best `kept` so far, the last of them on top.
    best: BinaryHeap<Reverse<Ranked>>,
    kept: usize,
    count: usize,
}

impl Collector for RankedPage {
    type Fruit = (Vec<Ranked>, usize);
    type Child = RankedSegment;

    fn for_segment(&self, segment: SegmentOrdinal, reader: &SegmentReader) -> tantivy::Result<RankedSegment> {
        let kept = self.offset + self.limit;
        Ok(RankedSegment {
            segment,
            dates: reader.fast_fields().i64(self.date_field)?,
            best: BinaryHeap::with_capacity(kept + 1),
            kept,
            count: 0,
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<(Vec<Ranked>, usize)>) -> tantivy::Result<(Vec<Ranked>, usize)> {
        let count = fruits.iter().map(|(_, count)| count).sum();
        let mut all: Vec<Ranked> = fruits.into_iter().flat_map(|(best, _)| best).collect();
        all.sort_unstable_by(|a, b| b.cmp(a));
        Ok((all.into_iter().skip(self.offset).take(self.limit).collect(), count))
    }
}

impl SegmentCollector for RankedSegment {
    type Fruit = (Vec<Ranked>, usize);

    #[inline]
    fn collect(&mut self, doc: DocId, score: Score) {
        self.count += 1;
        if self.kept == 0 {
            return;
        }
        if self.best.len() == self.kept {
            // A lower score than the last kept cannot make the page: its date is not read.
            let Some(Reverse(last)) = self.best.peek() else { return };
            if score < last.score {
                return;
            }
        }
        let ranked =
            Ranked { score, date: self.dates.first(doc).unwrap_or(i64::MIN), at: DocAddress::new(self.segment, doc) };
        if self.best.len() < self.kept {
            self.best.push(Reverse(ranked));
        } else if let Some(mut last) = self.best.peek_mut() {
            if ranked > last.0 {
                *last = Reverse(ranked);
            }
        }
    }

    fn harvest(self) -> (Vec<Ranked>, usize) {
        (self.best.into_iter().map(|Reverse(ranked)| ranked).collect(), self.count)
    }
}

#[cfg(test)]
mod tests {
    use tantivy::collector::sort_key::{SortBySimilarityScore, SortByStaticFastValue};
    use tantivy::collector::{Count, TopDocs};
    use tantivy::query::{Query, TermQuery};
    use tantivy::schema::{FAST, IndexRecordOption, Schema, TEXT};
    use tantivy::{DocAddress, Index, Order, Term, doc};

    use super::RankedPage;

    /// The same pages and count as `TopDocs` ordered by score then date with `Count`, over segments
    /// with many equal scores and dates, at every offset of a few pages.
    #[test]
    fn pages_as_top_docs_by_score_then_date() -> tantivy::Result<()> {
        let mut builder = Schema::builder();
        let title = builder.add_text_field("title", TEXT);
        let posted = builder.add_i64_field("posted_at", FAST);
        let index = Index::create_in_ram(builder.build());
        let mut writer = index.writer_with_num_threads(1, 15_000_000)?;
        for i in 0..2_000i64 {
            let words = match i % 5 {
                0 => "engineer",
                1 => "engineer engineer",
                2 => "senior engineer of platform teams",
                3 => "engineer",
                _ => "nurse",
            };
            writer.add_document(doc!(title => words, posted => (i * 7919) % 97))?;
            if i % 500 == 499 {
                writer.commit()?;
            }
        }
        writer.commit()?;
        let searcher = index.reader()?.searcher();
        assert!(searcher.segment_readers().len() > 1);
        let query: Box<dyn Query> =
            Box::new(TermQuery::new(Term::from_field_text(title, "engineer"), IndexRecordOption::WithFreqs));
        for (offset, limit) in [(0, 20), (20, 20), (40, 7), (0, 1), (1_590, 20), (0, 0)] {
            let newest = (SortByStaticFastValue::<i64>::for_field("posted_at"), Order::Desc);
            let top = TopDocs::with_limit(limit.max(1)).and_offset(offset);
            let (expected, expected_count) =
                searcher.search(&query, &(top.order_by(((SortBySimilarityScore, Order::Desc), newest)), Count))?;
            let expected: Vec<DocAddress> =
                if limit == 0 { vec![] } else { expected.into_iter().map(|(_, at)| at).collect() };
            let (found, count) = searcher.search(&query, &RankedPage { offset, limit, date_field: "posted_at" })?;
            assert_eq!(count, expected_count);
            assert_eq!(count, 1_600);
            let found: Vec<DocAddress> = found.into_iter().map(|ranked| ranked.at).collect();
            assert_eq!(found, expected, "offset {offset}, limit {limit}");
        }
        Ok(())
    }
}
