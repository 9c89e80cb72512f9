import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";

// Reads a scrape of GET /api/metrics with a real Prometheus text-format parser (a port of the Prometheus
// Python client's parser), so a malformed exposition fails the test instead of being read leniently.
// That package folds the samples of a labelled histogram into one, dropping their labels; histograms are
// therefore read a second time as the plain series they expose (`<name>_bucket`, `_sum`, `_count`).

export class Scrape {
  readonly families: Map<string, MetricFamily>;
  private readonly series: Map<string, MetricFamily>;

  constructor(readonly text: string) {
    this.families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
    const untyped = text.replace(/^# TYPE (\S+) histogram$/gm, "# TYPE $1 untyped");
    this.series = new Map();
    // Read that way, each labelled histogram's series come as runs of families of the same name.
    for (const f of parsePrometheusTextFormat(untyped)) {
      const seen = this.series.get(f.name);
      if (seen) seen.metrics.push(...f.metrics);
      else this.series.set(f.name, f);
    }
  }

  family(name: string): MetricFamily {
    const f = this.families.get(name);
    if (!f) throw new Error(`no metric family ${name} in the scrape`);
    return f;
  }

  /**
   * The value of the series `name` (for a histogram: `<name>_count`, `<name>_sum`, `<name>_bucket`) whose labels
   * include `labels`; 0 when there is none yet.
   */
  value(name: string, labels: Record<string, string> = {}): number {
    const sample = this.sample(name, labels);
    return sample ? Number(sample.value) : 0;
  }

  sample(name: string, labels: Record<string, string> = {}) {
    return this.series.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  }

  /** Every label value of every series. */
  labelValues(): string[] {
    return [...this.series.values()].flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
  }
}
