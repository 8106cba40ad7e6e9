/**
 * WebKitGTK's MiniBrowser (the engine of Safari), driven through
 * WebKitWebDriver by selenium-webdriver. MiniBrowser has no headless mode: it
 * runs on a virtual screen. Every process started here is stopped by close(),
 * also when the session fails to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../../../scripts/lib/ports.ts';
import { IN_PAGE, PHONE, type EnginePage } from './engine-page.ts';
import { startXvfb } from './xvfb.ts';

export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function untilListening(url: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && driver.exitCode === null) {
    if (
      await fetch(`${url}/status`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not start (apt-get install webkit2gtk-driver)');
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(force);
}

export async function openWebKit(): Promise<EnginePage> {
  const screen = await startXvfb();
  const port = await freePort();
  const server = spawn('WebKitWebDriver', [`--port=${port}`], { env: { ...process.env, DISPLAY: screen.display }, stdio: 'ignore' });
  const stopAll = async (session?: WebDriver) => {
    await session?.quit().catch(() => undefined);
    await stopProcess(server);
    await screen.stop();
  };
  let driver: WebDriver;
  try {
    await untilListening(`http://127.0.0.1:${port}`, server);
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] } })
      .build();
    await driver
      .manage()
      .window()
      .setRect({ ...PHONE, x: 0, y: 0 });
  } catch (error) {
    await stopAll();
    throw error;
  }
  const run = <T>(fn: string, ...args: unknown[]) => driver.executeScript<T>(`return (${fn}).apply(null, arguments)`, ...args);
  return {
    engine: 'webkit',
    goto: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    run,
    click: async (css) => driver.findElement(By.css(css)).click(),
    type: async (css, text) => driver.findElement(By.css(css)).sendKeys(text),
    async screenshot() {
      await run(IN_PAGE.twoFrames);
      return Buffer.from(await driver.takeScreenshot(), 'base64');
    },
    close: () => stopAll(driver),
  };
}
