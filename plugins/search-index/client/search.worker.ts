/**
 * Entry of the search worker (a module worker started by ./client.ts): the local index is
 * parsed, loaded and queried here, off the main thread (./workerHost, ./workerProtocol).
 * MiniSearch is imported statically, so the worker is one chunk and loads no other.
 */
import MiniSearch from 'minisearch';
import { serveSearch, type WorkerPort } from './workerHost';

serveSearch(self as unknown as WorkerPort, MiniSearch);
