import { useEffect, useState } from 'react';
import { loadMapEngine } from './board-markers';
import { useMapConfig } from './use-map-config';

type Engine = Awaited<ReturnType<typeof loadMapEngine>>;

/**
 * What a map needs before it can draw: the deployment's tile settings and the map's code (fetched on
 * first use). `failed` when either could not be had; the screen around the map goes on working.
 */
export function useMapEngine(): { engine: Engine | null; tiles: { tileUrl: string; attribution: string } | undefined; failed: boolean } {
  const config = useMapConfig();
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadMapEngine().then(
      (loaded) => live && setEngine(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { engine, tiles: config.data, failed: failed || config.isError };
}
