//! A short run of the protocol fuzzer (`harness::fuzz`) against every upload file: fixed seeds,
//! about eight seconds per protocol (`PROTOCOL_FUZZ_SECONDS` sets another budget). The long run is
//! `protocol-fuzz` (see the README).

use harness::fuzz::{fuzz, protocols};
use harness::upload::upload_binary;
use std::time::Duration;

#[test]
fn every_protocol_survives_a_short_fuzz_run() {
    let seconds = std::env::var("PROTOCOL_FUZZ_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(8);
    let mut report = String::new();
    let mut failed = false;
    for protocol in protocols() {
        let binary = upload_binary(protocol.target());
        let budget = Duration::from_secs(seconds);
        // One fixed seed a protocol: the same cases every run, so a failure reproduces.
        let summary = fuzz(
            protocol.as_ref(),
            &binary,
            0x5eed,
            1_000,
            budget,
            Duration::from_millis(400),
        );
        report.push_str(&format!(
            "{}: {} cases, {} commands, {} failures\n",
            protocol.name(),
            summary.cases,
            summary.commands,
            summary.failures.len()
        ));
        for failure in &summary.failures {
            report.push_str(&failure.to_string());
        }
        failed |= !summary.failures.is_empty();
        assert!(summary.cases >= 3, "{}: too few cases ran", protocol.name());
    }
    eprint!("{report}");
    assert!(!failed, "{report}");
}
