/**
 * The entry of a search thread (a Node worker thread, a Web Worker: the platform starts it by this file's
 * URL, platform/host.ts). What it answers is search-thread.ts's serveSearchThread.
 */
import { parentThread } from '../platform/host.js';
import { serveSearchThread } from './search-thread.js';

const parent = parentThread();
parent.onMessage(serveSearchThread((message) => parent.post(message)));
