import { test } from "./fixtures";

// The zero-errors fixture itself: a test whose page logs an error or a warning, or throws, must fail.
// `test.fail()` turns that expected failure into a pass, and a fixture that let the problem through into a
// failure. Each test waits for the browser to report the problem, so the fixture has seen it before it checks.

test("a console error fails the test", async ({ page }) => {
  test.fail();
  await page.goto("/");
  const logged = page.waitForEvent("console");
  await page.evaluate(() => console.error("deliberate console error"));
  await logged;
});

test("a console warning (React warns there) fails the test", async ({ page }) => {
  test.fail();
  await page.goto("/");
  const logged = page.waitForEvent("console");
  await page.evaluate(() => console.warn("deliberate warning"));
  await logged;
});

test("an uncaught page error fails the test", async ({ page }) => {
  test.fail();
  await page.goto("/");
  const thrown = page.waitForEvent("pageerror");
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("deliberate page error");
    }, 0);
  });
  await thrown;
});
