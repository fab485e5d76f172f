//! Whole gradings side by side, reported in order (`verify`, `all`). One grading leaves a core
//! idle for much of its time: its compile, the tests' tail (the last big test runs alone), the
//! speed model's register build. Two at once keep both cores of a laptop busy (`verify` used 111%
//! of two cores one at a time). Each grading's report is the same either way (see
//! `SectionGrading::run_cases` and `emulator::launch`); only the wall time changes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Gradings at once where nothing is timed: two (more would only queue on the same cores, and
/// each holds its cases' memory), one on a single core.
pub fn at_once() -> usize {
    rayon::current_num_threads().clamp(1, 2)
}

/// `work` on every item, `at_once` at a time (1: one after another, on this thread), and `done`
/// called on this thread with each result in the items' order, as soon as it and every result
/// before it are there (a progress line per kernel, in order).
pub fn in_order<T: Sync, R: Send>(
    items: &[T],
    at_once: usize,
    work: impl Fn(&T) -> R + Sync,
    done: &mut dyn FnMut(usize, R),
) {
    if at_once <= 1 || items.len() <= 1 {
        for (i, item) in items.iter().enumerate() {
            done(i, work(item));
        }
        return;
    }
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..at_once.min(items.len()) {
            let send = send.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                if send.send((i, work(item))).is_err() {
                    break;
                }
            });
        }
        drop(send);
        // Results that came early wait for those before them.
        let mut waiting: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
        let mut first_missing = 0;
        for (i, result) in receive {
            waiting[i] = Some(result);
            while let Some(result) = waiting.get_mut(first_missing).and_then(Option::take) {
                done(first_missing, result);
                first_missing += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_items_order_whatever_finishes_first() {
        // The first item is the slowest: the others finish before it and must wait.
        let items: Vec<u64> = (0..12).collect();
        for at_once in [1, 2, 5] {
            let mut seen = Vec::new();
            in_order(
                &items,
                at_once,
                |&i| {
                    std::thread::sleep(std::time::Duration::from_millis(if i == 0 { 60 } else { 2 }));
                    i * 10
                },
                &mut |i, r| seen.push((i, r)),
            );
            let want: Vec<(usize, u64)> = (0..12).map(|i| (i, i as u64 * 10)).collect();
            assert_eq!(seen, want, "at once: {at_once}");
        }
    }

    #[test]
    fn two_at_once_do_run_side_by_side() {
        // Two items that each wait for the other to start: one at a time would never end.
        use std::sync::Barrier;
        let barrier = Barrier::new(2);
        let mut count = 0;
        in_order(&[(), ()], 2, |_| barrier.wait().is_leader(), &mut |_, _| count += 1);
        assert_eq!(count, 2);
    }
}
