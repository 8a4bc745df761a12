import { GOVERNORATE_POSITIONS } from '@food-link/contracts';
import { BOARD_MAX_ZOOM, boardPoints, publicPosition } from './board-markers';
import { BoardClusters } from './map-engine';

const clustersOf = (items: { id: number; governorate: string | null }[]) => new BoardClusters(boardPoints(items), BOARD_MAX_ZOOM);

const item = (id: number, governorate: string | null) => ({ id, governorate });

describe("the board's markers", () => {
  const items = [item(1, 'EG-C'), item(2, 'EG-C'), item(3, 'EG-GZ'), item(4, 'EG-ASN'), item(5, null)];

  it("puts a listing at its governorate's public position, and nowhere without a known governorate", () => {
    expect(publicPosition({ governorate: 'EG-GZ' })).toEqual(GOVERNORATE_POSITIONS['EG-GZ']);
    expect(publicPosition({ governorate: null })).toBeNull();
    expect(publicPosition({ governorate: 'EG-XX' })).toBeNull();
  });

  it('clusters listings close on screen at a country-wide zoom, and keeps far ones apart', () => {
    const markers = clustersOf(items).markersAt(6);
    const around = (id: number) => markers.find((marker) => marker.foodIds.includes(id));
    // Cairo and Giza are a few kilometres apart: one cluster of three; Aswan on its own.
    expect(around(1)).toMatchObject({ kind: 'cluster', foodIds: [1, 2, 3] });
    expect(around(4)).toEqual({ kind: 'item', key: expect.any(String), foodIds: [4], ...GOVERNORATE_POSITIONS['EG-ASN'] });
    expect(markers.flatMap((marker) => marker.foodIds).sort()).toEqual([1, 2, 3, 4]);
  });

  it('splits a cluster as the map zooms in, but listings of one governorate stay one marker at the deepest zoom', () => {
    const markers = clustersOf(items).markersAt(BOARD_MAX_ZOOM);
    const cairo = markers.find((marker) => marker.foodIds.includes(1));
    expect(cairo).toMatchObject({ kind: 'cluster', foodIds: [1, 2], ...GOVERNORATE_POSITIONS['EG-C'] });
    // One position: zooming further cannot split it, so tapping it lists both instead.
    expect(cairo?.kind === 'cluster' && cairo.expansionZoom).toBeGreaterThan(BOARD_MAX_ZOOM);
    expect(markers.find((marker) => marker.foodIds.includes(3))).toMatchObject({ kind: 'item', foodIds: [3], ...GOVERNORATE_POSITIONS['EG-GZ'] });
  });

  it('says at which zoom a country-wide cluster splits', () => {
    const cluster = clustersOf(items).markersAt(6).find((marker) => marker.kind === 'cluster');
    expect(cluster?.kind === 'cluster' && cluster.expansionZoom).toBeGreaterThan(6);
    expect(cluster?.kind === 'cluster' && cluster.expansionZoom).toBeLessThanOrEqual(BOARD_MAX_ZOOM);
  });
});
