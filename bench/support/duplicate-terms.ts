// The seeds' bulk loads and the duplicates domain's word counts (duplicate_terms). Each signals row counts its
// words through a row trigger; a bulk load of rows sharing a small vocabulary makes that trigger update the same
// counter rows millions of times in one statement, each walking the row's growing chain of versions (10 ms a
// report at 10,000 cases, hours at 1,000,000). The seeds turn that trigger off for the load and count once after.

/** Every word of every signals row, counted in one statement (what the row trigger would have summed). */
export const COUNT_DUPLICATE_TERMS = `insert into duplicate_terms (term, n)
  select t, count(*) from duplicate_signals, unnest(terms) t group by t
  union all select '', count(*) from duplicate_signals`;

export const DUPLICATE_TERMS_TRIGGER = 'duplicate_signals_count_terms';
