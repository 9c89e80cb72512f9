// Plain-text tables for the bench's console output.

export function fmt(ms) {
  return ms === undefined || ms === null ? "-" : Number(ms).toFixed(ms < 10 ? 2 : 1);
}

export function printTable(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) =>
    row.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  console.log(`\n${title}\n`);
  console.log(line(rows[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log("");
}
