import type { Metric, Registry } from "prom-client";

// weft_http_requests_total and weft_http_request_duration_seconds, kept in plain numbers: recording a call is
// two Map lookups, a bucket search and a few additions. prom-client's own Counter and Histogram build a label
// hash string on every inc/observe; here that work happens only when Prometheus scrapes.

const REQUESTS = "weft_http_requests_total";
const DURATION = "weft_http_request_duration_seconds";

interface OperationSeries {
  byStatus: Map<number, { count: number }>;
  /** Per bucket, not cumulative; the last one is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

export class RequestSeries {
  private readonly operations = new Map<string, OperationSeries>();

  constructor(private readonly bounds: readonly number[]) {}

  record(operation: string, httpStatus: number, seconds: number) {
    let op = this.operations.get(operation);
    if (!op) {
      op = { byStatus: new Map(), buckets: new Array(this.bounds.length + 1).fill(0), sum: 0, count: 0 };
      this.operations.set(operation, op);
    }
    const status = op.byStatus.get(httpStatus);
    if (status) status.count += 1;
    else op.byStatus.set(httpStatus, { count: 1 });
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]) i += 1;
    op.buckets[i] += 1;
    op.sum += seconds;
    op.count += 1;
  }

  /** Registers both families on `registry`, rendered from the numbers at scrape time. */
  register(registry: Registry) {
    registry.registerMetric(
      family(REQUESTS, "API calls answered, by registry operation (or unknown) and HTTP status.", "counter", () =>
        this.requestSamples(),
      ),
    );
    registry.registerMetric(
      family(DURATION, "Time to answer an API call, by registry operation (or unknown).", "histogram", () =>
        this.durationSamples(),
      ),
    );
  }

  private requestSamples(): Sample[] {
    const samples: Sample[] = [];
    for (const [operation, op] of this.operations) {
      for (const [status, { count }] of op.byStatus) samples.push({ labels: { operation, status }, value: count });
    }
    return samples;
  }

  private durationSamples(): Sample[] {
    const samples: Sample[] = [];
    for (const [operation, op] of this.operations) {
      let cumulative = 0;
      op.buckets.forEach((n, i) => {
        cumulative += n;
        const le = i < this.bounds.length ? this.bounds[i] : "+Inf";
        samples.push({ metricName: `${DURATION}_bucket`, labels: { le, operation }, value: cumulative });
      });
      samples.push({ metricName: `${DURATION}_sum`, labels: { operation }, value: op.sum });
      samples.push({ metricName: `${DURATION}_count`, labels: { operation }, value: op.count });
    }
    return samples;
  }
}

// The shape prom-client's registry renders (the same as its own metrics' get()).
function family(name: string, help: string, type: "counter" | "histogram", values: () => Sample[]): Metric {
  const metric = {
    name,
    help,
    type,
    aggregator: "sum",
    get: async () => ({ name, help, type, aggregator: "sum", values: values() }),
    reset: () => {},
  };
  return metric as unknown as Metric;
}
