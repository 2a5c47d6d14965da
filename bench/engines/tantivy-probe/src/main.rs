//! Job search on Tantivy, for issue 57's choice of engine (bench/engines/tantivy-probe/run.sh): indexes
//! a tab-separated job board (bench/src/job-board-tsv.ts) in three fields stemmed as English (title,
//! skills and company, description and requirements, boosted 3, 1.5 and 0.5 as the read model weighs
//! them A, B and C), then times each query's top 20 by BM25, its exact count, and both, the median of
//! five runs after one to warm up; then the top 20 by BM25 with the newest first among equal scores
//! (the engine's relevance order), and the newest 20 sorted from every match against read from a
//! window of the newest dates (the engine's newest-first lists, search-engine/src/jobs.rs), checking
//! that both give the same page. Prints the indexing rate, the index's size and the memory used.
use std::io::{BufRead, BufReader};
use std::time::Instant;
use tantivy::collector::sort_key::{SortBySimilarityScore, SortByStaticFastValue};
use tantivy::collector::{Count, TopDocs};
use tantivy::Order;
use std::ops::Bound;
use tantivy::query::{AllQuery, BooleanQuery, ConstScoreQuery, InvertedIndexRangeQuery, Occur, Query, QueryParser, RegexQuery};
use tantivy::schema::*;
use tantivy::{doc, DocAddress, Index, IndexWriter};

fn rss_mb() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().filter(|l| l.starts_with("VmHWM") || l.starts_with("VmRSS")).collect::<Vec<_>>().join(", ")
}

fn dir_size(path: &std::path::Path) -> u64 {
    std::fs::read_dir(path).map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.metadata().map(|m| m.len()).unwrap_or(0)).sum()).unwrap_or(0)
}

fn median(mut v: Vec<f64>) -> f64 { v.sort_by(|a, b| a.partial_cmp(b).unwrap()); v[v.len() / 2] }

fn main() -> tantivy::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let tsv = &args[1];
    let dir = std::path::Path::new(&args[2]);
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let mut sb = Schema::builder();
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer("en_stem").set_index_option(IndexRecordOption::WithFreqsAndPositions),
    );
    let id = sb.add_text_field("id", STRING | STORED);
    let title = sb.add_text_field("title", text.clone());
    let skills = sb.add_text_field("skills", text.clone());
    let body = sb.add_text_field("body", text);
    let posted = sb.add_i64_field("posted_at", FAST | INDEXED);
    let index = Index::create_in_dir(dir, sb.build())?;
    let started = Instant::now();
    let mut writer: IndexWriter = index.writer(256_000_000)?;
    let mut n = 0u64;
    for line in BufReader::new(std::fs::File::open(tsv)?).lines() {
        let line = line?;
        let f: Vec<&str> = line.split('\t').collect();
        writer.add_document(doc!(id => f[0], posted => f[1].parse::<i64>().unwrap(), title => f[2], skills => f[3], body => f[4]))?;
        n += 1;
    }
    writer.commit()?;
    writer.wait_merging_threads()?;
    let secs = started.elapsed().as_secs_f64();
    println!("{} jobs indexed in {:.1} s ({:.0} jobs/s), index {:.0} MB; {}", n, secs, n as f64 / secs, dir_size(dir) as f64 / 1e6, rss_mb());
    let reader = index.reader()?;
    let searcher = reader.searcher();
    let mut parser = QueryParser::for_index(&index, vec![title, skills, body]);
    parser.set_field_boost(title, 3.0);
    parser.set_field_boost(skills, 1.5);
    parser.set_field_boost(body, 0.5);
    parser.set_conjunction_by_default();
    let queries: Vec<(&str, Box<dyn Query>)> = vec![
        ("engineer", parser.parse_query("engineer")?),
        ("data", parser.parse_query("data")?),
        ("mark:*", Box::new(BooleanQuery::new(vec![title, skills, body].into_iter().map(|f| (Occur::Should, Box::new(RegexQuery::from_pattern("mark.*", f).unwrap()) as Box<dyn Query>)).collect()))),
        ("python", parser.parse_query("python")?),
        ("senior & engineer", parser.parse_query("senior AND engineer")?),
        ("nurse", parser.parse_query("nurse")?),
        ("sales | marketing", parser.parse_query("sales OR marketing")?),
    ];
    println!("query               matches   top 20  count all  top 20 + count  by score, date  + count   (ms, median of 5)");
    for (name, q) in &queries {
        let time = |f: &dyn Fn() -> ()| -> f64 {
            f();
            median((0..5).map(|_| { let t = Instant::now(); f(); t.elapsed().as_secs_f64() * 1000.0 }).collect())
        };
        let count = searcher.search(q.as_ref(), &Count)?;
        let top = time(&|| { searcher.search(q.as_ref(), &TopDocs::with_limit(20).order_by_score()).unwrap(); });
        let all = time(&|| { searcher.search(q.as_ref(), &Count).unwrap(); });
        let both = time(&|| { searcher.search(q.as_ref(), &(TopDocs::with_limit(20).order_by_score(), Count)).unwrap(); });
        let newest = (SortByStaticFastValue::<i64>::for_field("posted_at"), Order::Desc);
        let by_score_date = || TopDocs::with_limit(20).order_by(((SortBySimilarityScore, Order::Desc), newest.clone()));
        let dated = time(&|| { searcher.search(q.as_ref(), &by_score_date()).unwrap(); });
        let dated_count = time(&|| { searcher.search(q.as_ref(), &(by_score_date(), Count)).unwrap(); });
        println!("{:18} {:>8} {:>8.2} {:>10.2} {:>15.2} {:>15.2} {:>8.2}", name, count, top, all, both, dated, dated_count);
    }
    // Newest first: every match sorted by date, against the matches of a window of the newest dates
    // that holds the page (widened until it does), as the engine reads its newest-first lists.
    println!("query               newest 20 + count   in a window + count   windows   (ms, median of 5)");
    let mut with_all: Vec<(&str, Box<dyn Query>)> = vec![("(every job)", Box::new(AllQuery))];
    for (name, q) in &queries { with_all.push((name, q.box_clone())); }
    let (mut oldest, mut latest) = (i64::MAX, i64::MIN);
    for segment in searcher.segment_readers() {
        let column = segment.fast_fields().i64("posted_at")?;
        oldest = oldest.min(column.min_value());
        latest = latest.max(column.max_value());
    }
    for (name, q) in &with_all {
        let time = |f: &dyn Fn() -> usize| -> (f64, usize) {
            let windows = f();
            (median((0..5).map(|_| { let t = Instant::now(); f(); t.elapsed().as_secs_f64() * 1000.0 }).collect()), windows)
        };
        let newest = || TopDocs::with_limit(20).order_by((SortByStaticFastValue::<i64>::for_field("posted_at"), Order::Desc));
        let (sorted, _) = time(&|| { searcher.search(q.as_ref(), &(newest(), Count)).unwrap(); 1 });
        let expected: Vec<DocAddress> = searcher.search(q.as_ref(), &newest())?.into_iter().map(|(_, at)| at).collect();
        let (windowed, windows) = time(&|| {
            let total = searcher.search(q.as_ref(), &Count).unwrap();
            let mut fraction = (2.0 * 20.0 / total.max(1) as f64).min(1.0);
            let mut windows = 0;
            loop {
                windows += 1;
                let from = latest - ((latest - oldest) as f64 * fraction) as i64;
                let window = InvertedIndexRangeQuery::new(Bound::Included(Term::from_field_i64(posted, from)), Bound::Unbounded);
                let both = BooleanQuery::new(vec![(Occur::Must, q.box_clone()), (Occur::Must, Box::new(ConstScoreQuery::new(Box::new(window), 0.0)))]);
                let (page, found) = searcher.search(&both, &(newest(), Count)).unwrap();
                if found >= 20 || found == total || fraction >= 1.0 {
                    assert_eq!(page.into_iter().map(|(_, at)| at).collect::<Vec<_>>(), expected);
                    return windows;
                }
                fraction = (fraction * 4.0).min(1.0);
            }
        });
        println!("{:18} {:>18.2} {:>21.2} {:>9}", name, sorted, windowed, windows);
    }
    println!("{}", rss_mb());
    Ok(())
}
