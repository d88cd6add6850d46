// Drives the desk in headless Chromium (playwright-core): a cold load with the first
// question, then every question of a file, a 390 px screenshot, and an offline reload.
// Usage: node check.mjs PAGE_URL QUESTIONS.json SCREENSHOT.png
// Prints one JSON object: the answers, the bytes loaded, the time to the first answer,
// every request to another host, the page's width, the offline answer.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [pageUrl, questionsFile, screenshot] = process.argv.slice(2);
const questions = JSON.parse(readFileSync(questionsFile, "utf-8"));
const fragment = (q) => `#q=${encodeURIComponent(JSON.stringify(q))}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const result = { answers: [], outside: [], bytes: 0, files: [] };
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const origin = new URL(pageUrl).origin;
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) result.outside.push(url);
  });
  page.on("response", async (response) => {
    try {
      const body = await response.body();
      result.bytes += body.length;
      result.files.push([new URL(response.url()).pathname, body.length]);
    } catch { /* a redirect has no body */ }
  });
  const answered = async () => {
    await page.waitForFunction(() => {
      const box = document.querySelector(".desk-answer");
      return (box && box.dataset.verdict) || document.getElementById("kanasta-desk")?.dataset.state === "failed";
    }, null, { timeout: 120000 });
    return page.evaluate(() => {
      const box = document.querySelector(".desk-answer");
      return { verdict: box?.dataset.verdict, first: box?.dataset.firstClause,
        legal: box?.dataset.legal, ms: Number(box?.dataset.ms), state: document.getElementById("kanasta-desk").dataset.state,
        status: document.querySelector(".desk-status").textContent };
    });
  };
  // The cold load: an empty cache, the page opened with the first question.
  await page.goto(pageUrl + fragment(questions[0]));
  const first = await answered();
  result.firstAnswerMs = await page.evaluate(() => Math.round(performance.now()));
  result.coldFiles = result.files.length;
  result.coldBytes = result.bytes;
  result.answers.push(first);
  for (const q of questions.slice(1)) {
    await page.evaluate((hash) => {
      document.querySelector(".desk-answer").dataset.verdict = "";
      location.hash = hash;
    }, fragment(q));
    result.answers.push(await answered());
  }
  result.width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.evaluate((hash) => { location.hash = hash; }, fragment(questions[0]));
  await answered();
  const scrollTo = (selector) => page.evaluate((s) => {
    const top = document.querySelector(s).getBoundingClientRect().top + window.scrollY - 60;
    window.scrollTo({ top, behavior: "instant" });
  }, selector);
  await page.waitForTimeout(800);
  await scrollTo("#kanasta-desk");
  await page.screenshot({ path: screenshot, fullPage: false });
  await scrollTo(".desk-answer");
  await page.screenshot({ path: screenshot.replace(/\.png$/, "-answer.png"), fullPage: false });
  // Offline: once the service worker has the files, the page loads and answers without
  // the server.
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await context.setOffline(true);
  const q = questions[questions.length - 1];
  await page.goto(pageUrl + "#x");
  await page.goto(pageUrl + fragment(q));
  await page.reload();
  result.offline = await answered();
  await context.close();
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(result));
