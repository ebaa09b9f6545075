import { createHmac } from 'node:crypto';

/**
 * The key the tests' processes share (setup.ts puts it in SNUG_KEY), and JSON signed as snug signs it
 * (runs/authenticate.ts: HMAC-SHA-256 of the JSON text without its "mac", as the last field), computed
 * here with Node's own HMAC. A test signs an edited file with the key to reach the checks behind the
 * MAC (a key holder's file that is wrong), and with another key to play a forger.
 */
export const TEST_RUN_KEY = 'snug-tests-run-key-0123456789abcdef';

/** `value` (any "mac" or "checksum" it has left out) as JSON with a MAC under `key`. */
export function signedWith(value: Record<string, unknown>, key: string = TEST_RUN_KEY): string {
  const { mac: _, checksum: __, ...rest } = value;
  const text = JSON.stringify(rest);
  return `${text.slice(0, -1)},"mac":"${createHmac('sha256', key).update(text).digest('hex')}"}`;
}

/** JSON text signed again after `edit`. */
export function resigned(text: string, edit: (value: Record<string, any>) => void = () => {}, key: string = TEST_RUN_KEY): string {
  const value = JSON.parse(text) as Record<string, any>;
  edit(value);
  return signedWith(value, key);
}
