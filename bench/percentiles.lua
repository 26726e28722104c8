-- wrk reporter: one JSON line with throughput, latency percentiles (ms) and non-2xx count.
local non_ok = 0
function response(status, headers, body)
  if status >= 400 then non_ok = non_ok + 1 end
end
function done(summary, latency, requests)
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "p50": %.2f, "p95": %.2f, "p99": %.2f, "errors": %d, "non_ok": %d}\n',
    summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    non_ok))
end
