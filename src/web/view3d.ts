/**
 * The 3-D view of a solution: every piece in its own colour (the CLI's, render/piece-colours.ts), as cubes
 * or as the balls of the sphere grid, lit, turned with the mouse, a finger or the arrow keys; pulled apart
 * (explode), built up piece by piece in the assembly order of `snug solve --view steps` (render/iso.ts
 * assemblyOrder), or played as an animation in which each piece drops into place. A solution's disassembly
 * (the library's disassembleSolution, computed in the solver worker and handed in as a plan,
 * disassembly-model.ts) is played move by move: the moving pieces slide, pieces taken away slide on and fade,
 * and putting together is the same played backwards. A puzzle's frame (walls, listed cells, or a piece that
 * stays) is drawn as translucent glass that never moves.
 *
 * How it is built (three.js): a piece of cubes is one mesh of its outside faces only (view3d-model.ts
 * exposedFaces), so the seams inside a piece vanish and the dark edges three.js finds at its creases
 * outline the piece; a piece of balls is one instanced mesh. On a grid drawn as its cells' solids (scene
 * mesh 'solids': any grid, whatever its cells' shapes), a piece is likewise one mesh of the faces of its
 * cells' solids that no other cell of the piece covers (view3d-model.ts solidFaces), edged at its creases;
 * so are the frame's glass and the empty cells. Each piece hangs in its own group, which the
 * explode and the drop move. Board cells no piece covers show as faint glass. The scene is drawn on demand
 * (when something changes, while the camera glides to rest, while a piece drops), never in a constant loop,
 * so the solver's workers keep the cores. The canvas keeps its drawing buffer, so that snapshot() can be
 * read back (PNG export, tests).
 */
import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  EdgesGeometry,
  Group,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Raycaster,
  Scene,
  SphereGeometry,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import type { Object3D } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Cell } from '../geometry/cell.js';
import { bounds } from '../geometry/cell.js';
import type { Puzzle, Solution } from '../puzzle/model.js';
import { assemblyOrder } from '../render/iso.js';
import { fadedColour, placementColours } from '../render/piece-colours.js';
import { frameCells } from '../puzzle/frame.js';
import type { DisassemblyPlan, Pose } from './disassembly-model.js';
import { moveFades, poseAt, poseDuring } from './disassembly-model.js';
import type { Grid } from '../geometry/grid.js';
import type { Lattice } from './view3d-model.js';
import type { PolygonFace } from './view3d-model.js';
import { boardKey, cellPosition, cellToScene, explodeOffsets, exposedFaces, SPHERE_SPACING, solidCorners, solidFaces, stepToScene, uncoveredCells, viewDirection, viewGridOf } from './view3d-model.js';

export interface View3dOptions {
  /**
   * The grid of puzzles that do not name theirs (its scene: unit cubes at integer [x, y, z], or balls at
   * the centres [x, y, z] with x + y + z even, touching at distance sqrt 2); cubes when not given. A puzzle
   * that names a grid with a scene is drawn on its own, so one view can show any puzzle.
   */
  readonly grid?: Grid;
}

/** How far pieces move out at full explode, in multiples of their middle's distance from the middle. */
const EXPLODE_SPREAD = 1.2;
const BACKGROUND = '#f6f6f3';
const EDGE_COLOUR = '#202020';
const EMPTY_COLOUR = '#9aa3ad';
const FRAME_COLOUR = '#8c7a5b';
const FRAME_OPACITY = 0.2;
/** A move's slide: this long, and this much longer for each cell it goes (at most MOVE_MAX_MS in all). */
const MOVE_MS = 320;
const MOVE_CELL_MS = 140;
const MOVE_MAX_MS = 1400;
const FADE_MS = 380;
const MOVE_PAUSE_MS = 260;
/** Edges where a piece's faces meet at more than this angle (degrees): its creases, not its flat seams. */
const CREASE_ANGLE = 30;
const MAX_PIXEL_RATIO = 2;
/** Light intensities (three.js divides diffuse light by pi): faces turned away get 0.45 of their colour, the top all of it. */
const AMBIENT_LIGHT = 0.45 * Math.PI;
const KEY_LIGHT = 0.6 * Math.PI;
const FIELD_OF_VIEW = 35;
/** Room around the assembled puzzle when the camera is placed, for the pieces to move out into. */
const FIT_MARGIN = 1.35;
/** The balls are drawn a shade smaller than touching, so that a gap shows between them. */
const BALL_RADIUS = (SPHERE_SPACING / 2) * 0.94;
const KEY_TURN = Math.PI / 12;
const KEY_ZOOM = 0.85;
const DROP_MS = 420;
const PAUSE_MS = 160;
/** A tap that moves less than this (CSS pixels) names the piece under it. */
const TAP_SLOP = 6;
const TOOLTIP_MS = 2500;

interface PieceView {
  readonly name: string;
  readonly group: Group;
  /** The meshes a pointer can hit. */
  readonly solids: Object3D[];
  readonly material: MeshLambertMaterial;
  /** Where the group goes at full explode. */
  readonly offset: Vector3;
  /** How high above its place the piece hangs while it drops (0: in place). */
  drop: number;
  /** Where the disassembly has moved it (scene units), and how opaque it is drawn there (0: not drawn). */
  readonly moved: Vector3;
  opacity: number;
  /** False while the piece slider hides it. */
  inSteps: boolean;
  /** The frame's piece: drawn as glass, never moved. */
  readonly still: boolean;
  readonly edges: LineBasicMaterial | undefined;
}

interface Assembly {
  cancel(): void;
}

/** Called after each move played: the state reached, and whether it was a move undone. */
export type MoveListener = (step: number, undone: boolean) => void;

/**
 * The outside of some cells as one geometry, with a normal per face (flat shading): the faces of cubes not
 * against another cube of the set, or on a grid of solids the faces of the cells' solids no other cell of
 * the set covers.
 */
function facesGeometry(cells: readonly Cell[], grid: Grid): BufferGeometry {
  return polygonsGeometry(grid.scene?.mesh === 'solids' ? solidFaces(grid, cells) : exposedFaces(cells));
}

/** Convex polygons as triangles (a fan from each polygon's first corner), with a normal per face. */
function polygonsGeometry(faces: readonly PolygonFace[]): BufferGeometry {
  const triangles = faces.reduce((n, f) => n + f.corners.length - 2, 0);
  const positions = new Float32Array(triangles * 9);
  const normals = new Float32Array(triangles * 9);
  let at = 0;
  for (const { corners, normal } of faces) {
    for (let k = 1; k + 1 < corners.length; k++) {
      for (const corner of [corners[0]!, corners[k]!, corners[k + 1]!]) {
        positions.set(corner, at);
        normals.set(normal, at);
        at += 3;
      }
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('normal', new BufferAttribute(normals, 3));
  return geometry;
}

function balls(cells: readonly Cell[], geometry: SphereGeometry, material: MeshLambertMaterial): InstancedMesh {
  const mesh = new InstancedMesh(geometry, material, cells.length);
  const matrix = new Matrix4();
  cells.forEach((c, i) => mesh.setMatrixAt(i, matrix.makeTranslation(...cellToScene(c))));
  mesh.instanceMatrix.needsUpdate = true;
  return mesh;
}

function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

export class SolutionView3d {
  private readonly options: View3dOptions;
  private readonly frame: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly tooltip: HTMLDivElement;
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.1, 1000);
  private readonly controls: OrbitControls;
  /** The puzzle, moved so that its middle is the origin (where the camera looks). */
  private readonly content = new Group();
  private readonly edgeMaterial = new LineBasicMaterial({ color: EDGE_COLOUR });
  private readonly ballGeometry = new SphereGeometry(BALL_RADIUS, 28, 18);
  private readonly resizeObserver: ResizeObserver;
  private readonly raycaster = new Raycaster();
  private pieces: PieceView[] = [];
  private order: number[] = [];
  private shownBoard: string | undefined;
  private grid: Grid = viewGridOf({});
  private lattice: Lattice = this.grid.scene!;
  private puzzleName = '';
  private explode = 0;
  private step = 0;
  /** Half the size of the assembled puzzle (the radius of a ball around it). */
  private radius = 1;
  /** How high a dropping piece starts above its place. */
  private dropHeight = 1;
  private frameRequest = 0;
  private assembly: Assembly | undefined;
  /** False until someone turns or zooms: until then the camera is framed again when the canvas resizes. */
  private userMoved = false;
  private hovered: PieceView | undefined;
  private tooltipTimer: ReturnType<typeof setTimeout> | undefined;
  private pointerDown: { x: number; y: number } | undefined;
  private disposed = false;
  private plan: DisassemblyPlan | undefined;
  private apartStep = 0;
  private moving: Assembly | undefined;

  constructor(container: HTMLElement, options: View3dOptions = {}) {
    this.options = options;
    this.frame = document.createElement('div');
    // the canvas lies over the frame (absolute), so its size never feeds back into the layout
    this.frame.style.cssText = 'position:relative;width:100%;height:100%;min-height:200px;overflow:hidden;touch-action:none;';
    this.canvas = document.createElement('canvas');
    this.canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;display:block;';
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('role', 'img');
    this.tooltip = document.createElement('div');
    // the names show under a pointer only; the canvas's label speaks for the view
    this.tooltip.setAttribute('aria-hidden', 'true');
    this.tooltip.style.cssText =
      'position:absolute;pointer-events:none;padding:2px 7px;border-radius:4px;background:rgba(20,20,20,0.85);color:#fff;font:13px/1.4 system-ui,sans-serif;white-space:nowrap;display:none;';
    this.frame.append(this.canvas, this.tooltip);
    container.append(this.frame);

    try {
      this.renderer = new WebGLRenderer({ canvas: this.canvas, antialias: true, preserveDrawingBuffer: true });
    } catch (error) {
      this.frame.remove();
      throw new Error(`the 3-D view needs WebGL, which this browser could not start (${error instanceof Error ? error.message : String(error)})`);
    }
    this.renderer.setClearColor(new Color(BACKGROUND), 1);
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));

    // light from the camera's upper left, so that every view shows its faces in three shades
    // (top faces near the colour itself, as render/iso.ts shades them: the left side darker, the right darkest)
    this.scene.add(new AmbientLight('#ffffff', AMBIENT_LIGHT));
    const key = new DirectionalLight('#ffffff', KEY_LIGHT);
    // the light and its target both ride on the camera: the light's direction is fixed in the camera's frame
    key.position.set(-1, 2, 1.5);
    this.camera.add(key, key.target);
    this.scene.add(this.camera, this.content);

    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.15;
    this.controls.enablePan = false;
    this.controls.addEventListener('change', () => this.requestRender());
    this.controls.addEventListener('start', () => {
      this.userMoved = true;
      this.hideTooltip();
    });

    this.canvas.addEventListener('keydown', this.onKeyDown);
    this.canvas.addEventListener('pointermove', this.onPointerMove);
    this.canvas.addEventListener('pointerdown', this.onPointerDown);
    this.canvas.addEventListener('pointerup', this.onPointerUp);
    this.canvas.addEventListener('pointerleave', this.onPointerLeave);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.frame);
    this.resize();
    this.updateLabel();
  }

  /** The number of pieces in the assembly order. */
  get steps(): number {
    return this.order.length;
  }

  /**
   * Shows a solution: every placement's cells in its piece's colour (pieces on the board before the
   * search faded, as the CLI draws them), the board cells no piece covers as faint glass. The camera stays
   * where it is when the board is the same as before; the explode amount stays, and every piece shows.
   */
  show(puzzle: Puzzle, solution: Solution): void {
    // before anything is cleared: a puzzle the view cannot draw leaves the last picture standing
    const grid = viewGridOf(puzzle, this.options.grid);
    const lattice = grid.scene!;
    this.stopMoves();
    this.stopAssembly();
    this.hideTooltip();
    this.clearContent();
    this.grid = grid;
    this.lattice = lattice;
    // cubes and solids are meshes of their outside faces, edged at the creases; balls are balls
    const faceted = lattice.mesh !== 'balls';
    const colours = placementColours(puzzle, solution.placements);
    const offsets = explodeOffsets(solution, EXPLODE_SPREAD, (c) => cellPosition(grid, c));
    const framePiece = puzzle.frame && 'piece' in puzzle.frame ? puzzle.frame.piece : undefined;
    this.pieces = solution.placements.map((placement, i) => {
      const colour = placement.given ? fadedColour(colours[i]!) : colours[i]!;
      const still = placement.piece === framePiece;
      // polygon offset pushes the faces back a little, so that the edges on them draw cleanly
      const material = new MeshLambertMaterial({ color: new Color(colour.hex), polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 });
      if (still) Object.assign(material, { transparent: true, opacity: 0.35, depthWrite: false });
      // each piece of cubes or solids has its own edges' material, so that it fades with the piece
      const edges = faceted ? this.edgeMaterial.clone() : undefined;
      const group = new Group();
      const solids: Object3D[] = [];
      if (faceted) {
        const geometry = facesGeometry(placement.cells, grid);
        const mesh = new Mesh(geometry, material);
        group.add(mesh, new LineSegments(new EdgesGeometry(geometry, CREASE_ANGLE), edges));
        solids.push(mesh);
      } else {
        const mesh = balls(placement.cells, this.ballGeometry, material);
        group.add(mesh);
        solids.push(mesh);
      }
      if (still) group.renderOrder = 2;
      this.content.add(group);
      return {
        name: placement.piece, group, solids, material, offset: still ? new Vector3() : new Vector3(...offsets[i]!), drop: 0,
        moved: new Vector3(), opacity: 1, inSteps: true, still, edges,
      };
    });
    this.plan = undefined;
    this.apartStep = 0;
    this.addEmptyCells(uncoveredCells(puzzle, solution), grid);
    const walls = faceted ? frameCells(puzzle) : [];
    this.addFrame(walls, grid);

    // the middle of the board's box at the origin, where the camera looks (for solids, the box of their corners)
    const cells = [...puzzle.board, ...walls, ...solution.placements.flatMap((p) => p.cells)];
    const all: Cell[] = lattice.mesh === 'solids' ? solidCorners(grid, cells) : cells.map(cellToScene);
    const { min: low, max: high } = all.length > 0 ? bounds(all) : { min: [0, 0, 0], max: [0, 0, 0] };
    const middle = new Vector3((low[0] + high[0]) / 2, (low[1] + high[1]) / 2, (low[2] + high[2]) / 2);
    this.content.position.copy(middle).negate();
    const cellRadius = lattice.mesh === 'unit-cubes' ? Math.sqrt(3) / 2 : lattice.mesh === 'solids' ? 0 : BALL_RADIUS;
    this.radius = all.reduce((r, p) => Math.max(r, middle.distanceTo(new Vector3(...p))), 0) + cellRadius;
    this.dropHeight = high[1] - low[1] + 2;

    this.order = assemblyOrder(solution);
    this.step = this.order.length;
    this.puzzleName = puzzle.name;
    const key = boardKey(puzzle, lattice);
    if (key !== this.shownBoard) {
      this.shownBoard = key;
      this.userMoved = false;
      this.frameCamera();
    }
    this.placePieces();
    this.updateLabel();
    this.requestRender();
  }

  /** 0 = assembled, 1 = fully exploded (each piece moved out from the middle along its own middle). */
  setExplode(amount: number): void {
    this.explode = Math.min(1, Math.max(0, Number.isFinite(amount) ? amount : 0));
    this.hideTooltip();
    this.placePieces();
    this.requestRender();
  }

  /** Shows only the first k pieces of the assembly order (bottom up); k = steps shows all. Stops a playing assembly. */
  setStep(k: number): void {
    this.stopAssembly();
    this.showSteps(k);
  }

  /** Plays the assembly piece by piece, each piece dropping into place; resolves when done or stopped. */
  playAssembly(): Promise<void> {
    this.stopAssembly();
    const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    return new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let animation = 0;
      let dropping: PieceView | undefined;
      let next = 0;
      const finish = (): void => {
        if (this.assembly === assembly) this.assembly = undefined;
        resolve();
      };
      const assembly: Assembly = {
        cancel: () => {
          clearTimeout(timer);
          cancelAnimationFrame(animation);
          if (dropping) dropping.drop = 0;
          this.placePieces();
          this.requestRender();
          finish();
        },
      };
      this.assembly = assembly;
      const addPiece = (): void => {
        if (next >= this.order.length) {
          dropping = undefined;
          finish();
          return;
        }
        const piece = this.pieces[this.order[next]!]!;
        next += 1;
        this.showSteps(next);
        if (reducedMotion) {
          timer = setTimeout(addPiece, DROP_MS + PAUSE_MS);
          return;
        }
        dropping = piece;
        const start = performance.now();
        const fall = (now: number): void => {
          const t = Math.min(1, (now - start) / DROP_MS);
          piece.drop = this.dropHeight * (1 - easeOutCubic(t));
          this.placePiece(piece);
          this.requestRender();
          if (t < 1) animation = requestAnimationFrame(fall);
          else timer = setTimeout(addPiece, PAUSE_MS);
        };
        piece.drop = this.dropHeight;
        this.placePiece(piece);
        animation = requestAnimationFrame(fall);
      };
      this.showSteps(0);
      timer = setTimeout(addPiece, PAUSE_MS);
    });
  }

  /**
   * The disassembly to play (disassembly-model.ts disassemblyPlan for the solution shown), or undefined for
   * none; shows the assembled state. Every piece shows again, in place.
   */
  setDisassembly(plan: DisassemblyPlan | undefined): void {
    this.stopMoves();
    this.stopAssembly();
    this.plan = plan;
    this.apartStep = 0;
    this.showSteps(this.order.length);
    this.applyPoses(plan ? poseAt(plan, this.pieces.length, 0) : undefined);
  }

  /** The moves of the disassembly shown (0 without one), and how many of them are made. */
  get disassemblyMoves(): number {
    return this.plan?.moves.length ?? 0;
  }

  get disassemblyStep(): number {
    return this.apartStep;
  }

  /** Jumps to the state after k moves of the disassembly (0: assembled), stopping what plays. */
  setDisassemblyStep(k: number): void {
    if (!this.plan) return;
    this.stopMoves();
    this.stopAssembly();
    this.apartStep = Math.min(this.plan.moves.length, Math.max(0, Math.round(k)));
    this.showSteps(this.order.length);
    this.applyPoses(poseAt(this.plan, this.pieces.length, this.apartStep));
  }

  /** True while moves are being played. */
  get playingMoves(): boolean {
    return this.moving !== undefined;
  }

  /**
   * Plays the disassembly's moves from the state shown to state `to` (forward takes it apart, backward puts
   * it together), each move animated and followed by a pause; `onMove` hears of each state reached. Resolves
   * when `to` is reached or the playing is stopped.
   */
  playMoves(to: number, onMove: MoveListener = () => {}): Promise<void> {
    this.stopMoves();
    this.stopAssembly();
    const plan = this.plan;
    if (!plan) return Promise.resolve();
    const target = Math.min(plan.moves.length, Math.max(0, Math.round(to)));
    this.showSteps(this.order.length);
    const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    return new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let animation = 0;
      const finish = (): void => {
        if (this.moving === playing) this.moving = undefined;
        resolve();
      };
      const playing: Assembly = {
        cancel: () => {
          clearTimeout(timer);
          cancelAnimationFrame(animation);
          // the move under way ends where it was going
          this.applyPoses(poseAt(plan, this.pieces.length, this.apartStep));
          finish();
        },
      };
      this.moving = playing;
      const next = (): void => {
        if (this.apartStep === target) {
          finish();
          return;
        }
        const undone = target < this.apartStep;
        const k = undone ? this.apartStep - 1 : this.apartStep;
        const move = plan.moves[k]!;
        const slideMs = Math.min(MOVE_MAX_MS, MOVE_MS + MOVE_CELL_MS * Math.hypot(...move.by));
        const fadeMs = moveFades(plan, this.pieces.length, k) ? FADE_MS : 0;
        const total = slideMs + fadeMs;
        const reached = (): void => {
          this.apartStep = undone ? k : k + 1;
          this.applyPoses(poseAt(plan, this.pieces.length, this.apartStep));
          onMove(this.apartStep, undone);
          timer = setTimeout(next, MOVE_PAUSE_MS);
        };
        if (reducedMotion) {
          timer = setTimeout(reached, total / 2);
          return;
        }
        const start = performance.now();
        const frame = (now: number): void => {
          const done = Math.min(1, (now - start) / total);
          // time runs backwards for a move undone: fade in first, then slide back
          const e = (undone ? 1 - done : done) * total;
          this.applyPoses(poseDuring(plan, this.pieces.length, k, Math.min(1, e / slideMs), fadeMs > 0 ? Math.max(0, (e - slideMs) / fadeMs) : 0));
          if (done < 1) animation = requestAnimationFrame(frame);
          else reached();
        };
        animation = requestAnimationFrame(frame);
      };
      next();
    });
  }

  /** Stops the moves playing (the move under way ends at once). */
  stopMoves(): void {
    this.moving?.cancel();
  }

  /** Stops a playing assembly where it is (the piece in the air lands at once). */
  stopAssembly(): void {
    this.assembly?.cancel();
  }

  /** Draws one frame now and returns the canvas (its drawing buffer is kept: PNG export, pixel tests). */
  snapshot(): HTMLCanvasElement {
    this.controls.update();
    this.draw();
    return this.canvas;
  }

  dispose(): void {
    if (this.disposed) return;
    this.stopMoves();
    this.stopAssembly();
    this.hideTooltip();
    this.disposed = true;
    cancelAnimationFrame(this.frameRequest);
    this.resizeObserver.disconnect();
    this.canvas.removeEventListener('keydown', this.onKeyDown);
    this.canvas.removeEventListener('pointermove', this.onPointerMove);
    this.canvas.removeEventListener('pointerdown', this.onPointerDown);
    this.canvas.removeEventListener('pointerup', this.onPointerUp);
    this.canvas.removeEventListener('pointerleave', this.onPointerLeave);
    this.controls.dispose();
    this.clearContent();
    this.edgeMaterial.dispose();
    this.ballGeometry.dispose();
    this.renderer.dispose();
    this.frame.remove();
  }

  /** Told the number of pieces shown whenever it changes (the page's slider follows a playing assembly). */
  onStepsShown: ((k: number) => void) | undefined;

  private showSteps(k: number): void {
    this.hideTooltip();
    this.step = Math.min(this.order.length, Math.max(0, Math.round(Number.isFinite(k) ? k : this.order.length)));
    this.onStepsShown?.(this.step);
    const shown = new Set(this.order.slice(0, this.step));
    this.pieces.forEach((piece, i) => {
      piece.inSteps = shown.has(i);
      piece.group.visible = piece.inSteps && piece.opacity > 0.01;
      if (!piece.inSteps) piece.drop = 0;
    });
    this.placePieces();
    this.updateLabel();
    this.requestRender();
  }

  private placePiece(piece: PieceView): void {
    piece.group.position.copy(piece.offset).multiplyScalar(this.explode).add(piece.moved);
    piece.group.position.y += piece.drop;
  }

  /** Moves and fades the pieces as the disassembly's poses say (undefined: all in place, opaque). */
  private applyPoses(poses: readonly Pose[] | undefined): void {
    this.hideTooltip();
    this.pieces.forEach((piece, i) => {
      const pose = poses?.[i];
      piece.moved.set(...(pose ? stepToScene(this.grid, pose.offset as Cell) : ([0, 0, 0] as const)));
      const opacity = pose && !piece.still ? pose.opacity : 1;
      if (!piece.still && opacity !== piece.opacity) {
        const fading = opacity < 0.999;
        Object.assign(piece.material, { transparent: fading, opacity, depthWrite: !fading });
        piece.material.needsUpdate = true;
        if (piece.edges) Object.assign(piece.edges, { transparent: fading, opacity });
      }
      piece.opacity = opacity;
      piece.group.visible = piece.inSteps && opacity > 0.01;
    });
    this.placePieces();
    this.updateLabel();
    this.requestRender();
  }

  /** The frame's walls (or listed cells): translucent glass that never moves. */
  private addFrame(cells: readonly Cell[], grid: Grid): void {
    if (cells.length === 0) return;
    const geometry = facesGeometry(cells, grid);
    const material = new MeshLambertMaterial({ color: new Color(FRAME_COLOUR), transparent: true, opacity: FRAME_OPACITY, depthWrite: false });
    const edges = new LineSegments(new EdgesGeometry(geometry, CREASE_ANGLE), new LineBasicMaterial({ color: FRAME_COLOUR, transparent: true, opacity: 0.55 }));
    const group = new Group();
    group.renderOrder = 2;
    group.add(new Mesh(geometry, material), edges);
    group.name = 'frame';
    this.content.add(group);
  }

  private placePieces(): void {
    for (const piece of this.pieces) this.placePiece(piece);
  }

  /** Faint glass where the board has cells no piece covers (cells that may stay empty). */
  private addEmptyCells(cells: readonly Cell[], grid: Grid): void {
    if (cells.length === 0) return;
    const material = new MeshLambertMaterial({ color: new Color(EMPTY_COLOUR), transparent: true, opacity: 0.18, depthWrite: false });
    const group = new Group();
    group.renderOrder = 1;
    if (grid.scene?.mesh !== 'balls') {
      const geometry = facesGeometry(cells, grid);
      const edges = new LineSegments(new EdgesGeometry(geometry, CREASE_ANGLE), new LineBasicMaterial({ color: EMPTY_COLOUR, transparent: true, opacity: 0.6 }));
      group.add(new Mesh(geometry, material), edges);
    } else {
      const mesh = new InstancedMesh(new SphereGeometry(BALL_RADIUS * 0.45, 16, 10), material, cells.length);
      const matrix = new Matrix4();
      cells.forEach((c, i) => mesh.setMatrixAt(i, matrix.makeTranslation(...cellToScene(c))));
      mesh.instanceMatrix.needsUpdate = true;
      group.add(mesh);
    }
    this.content.add(group);
  }

  /** Removes and frees everything shown (the shared ball geometry and edge material stay). */
  private clearContent(): void {
    for (const child of [...this.content.children]) {
      child.traverse((object) => {
        if (object instanceof Mesh || object instanceof LineSegments || object instanceof InstancedMesh) {
          const geometry = object.geometry as BufferGeometry;
          if (geometry !== this.ballGeometry) geometry.dispose();
          const material = object.material as MeshLambertMaterial | LineBasicMaterial;
          if (material !== this.edgeMaterial) material.dispose();
          if (object instanceof InstancedMesh) object.dispose();
        }
      });
      this.content.remove(child);
    }
    this.pieces = [];
    this.order = [];
    this.hovered = undefined;
  }

  /** Puts the camera where render/iso.ts looks from, far enough for the whole puzzle to fit the canvas. */
  private frameCamera(): void {
    const vertical = (FIELD_OF_VIEW * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * this.camera.aspect);
    const distance = (this.radius * FIT_MARGIN) / Math.sin(Math.min(vertical, horizontal) / 2);
    const direction = new Vector3(...viewDirection(this.lattice)).normalize();
    this.controls.target.set(0, 0, 0);
    this.camera.position.copy(direction.multiplyScalar(distance));
    this.camera.near = distance / 100;
    this.camera.far = distance * 10;
    this.camera.updateProjectionMatrix();
    this.controls.minDistance = this.radius * 1.1;
    this.controls.maxDistance = distance * 4;
    this.controls.update();
  }

  private resize(): void {
    const width = Math.max(1, this.frame.clientWidth);
    const height = Math.max(1, this.frame.clientHeight);
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO));
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    if (!this.userMoved && this.pieces.length > 0) this.frameCamera();
    this.requestRender();
  }

  private updateLabel(): void {
    const n = this.order.length;
    const moves = this.plan?.moves.length ?? 0;
    const apart = moves > 0 && this.apartStep > 0 ? `, ${this.apartStep} of the ${moves} moves that take it apart made` : '';
    const what = n === 0 ? '3-D view, nothing shown yet' : `3-D view of a solution of ${this.puzzleName}: ${n} pieces${this.step < n ? `, the first ${this.step} of the assembly shown` : ''}${apart}`;
    this.canvas.setAttribute('aria-label', `${what}. Drag, or use the arrow keys, to turn it; the wheel, a pinch, or + and - to zoom.`);
  }

  private requestRender(): void {
    if (this.frameRequest !== 0 || this.disposed) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      // while the damping glides the camera to rest, update moves it and asks for the next frame
      this.controls.update();
      this.draw();
    });
  }

  private draw(): void {
    if (this.disposed) return;
    this.renderer.render(this.scene, this.camera);
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // as the mouse does: the arrow's way is the way the front of the puzzle turns
    switch (event.key) {
      case 'ArrowLeft':
        this.controls.rotateLeft(-KEY_TURN);
        break;
      case 'ArrowRight':
        this.controls.rotateLeft(KEY_TURN);
        break;
      case 'ArrowUp':
        this.controls.rotateUp(-KEY_TURN);
        break;
      case 'ArrowDown':
        this.controls.rotateUp(KEY_TURN);
        break;
      case '+':
      case '=':
        this.controls.dollyIn(KEY_ZOOM);
        break;
      case '-':
      case '_':
        this.controls.dollyOut(KEY_ZOOM);
        break;
      default:
        return;
    }
    event.preventDefault();
    this.userMoved = true;
    this.controls.update();
    this.requestRender();
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    this.pointerDown = { x: event.clientX, y: event.clientY };
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    const down = this.pointerDown;
    this.pointerDown = undefined;
    if (event.pointerType === 'mouse' || !down) return;
    // a tap (not a drag) on a piece names it for a while
    if (Math.hypot(event.clientX - down.x, event.clientY - down.y) > TAP_SLOP) return;
    const piece = this.pieceAt(event);
    if (!piece) {
      this.hideTooltip();
      return;
    }
    this.showTooltip(piece, event);
    clearTimeout(this.tooltipTimer);
    this.tooltipTimer = setTimeout(() => this.hideTooltip(), TOOLTIP_MS);
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (event.pointerType !== 'mouse' || event.buttons !== 0) return;
    const piece = this.pieceAt(event);
    if (piece) this.showTooltip(piece, event);
    else this.hideTooltip();
  };

  private readonly onPointerLeave = (): void => {
    if (!this.tooltipTimer) this.hideTooltip();
  };

  /** The shown piece under a pointer, if any. */
  private pieceAt(event: PointerEvent): PieceView | undefined {
    const box = this.canvas.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return undefined;
    const at = new Vector2(((event.clientX - box.left) / box.width) * 2 - 1, -((event.clientY - box.top) / box.height) * 2 + 1);
    this.raycaster.setFromCamera(at, this.camera);
    const shown = this.pieces.filter((p) => p.group.visible);
    const hit = this.raycaster.intersectObjects(shown.flatMap((p) => p.solids), false)[0];
    return hit ? shown.find((p) => p.solids.includes(hit.object)) : undefined;
  }

  private showTooltip(piece: PieceView, event: PointerEvent): void {
    const box = this.frame.getBoundingClientRect();
    this.tooltip.textContent = piece.name;
    this.tooltip.style.display = 'block';
    // beside the pointer, kept inside the frame
    const x = Math.min(event.clientX - box.left + 14, box.width - this.tooltip.offsetWidth - 4);
    const y = Math.max(4, event.clientY - box.top - this.tooltip.offsetHeight - 10);
    this.tooltip.style.left = `${Math.max(4, x)}px`;
    this.tooltip.style.top = `${y}px`;
    if (this.hovered !== piece) {
      this.hovered?.material.emissive.set('#000000');
      piece.material.emissive.set('#2a2a2a');
      this.hovered = piece;
      this.requestRender();
    }
  }

  private hideTooltip(): void {
    clearTimeout(this.tooltipTimer);
    this.tooltipTimer = undefined;
    this.tooltip.style.display = 'none';
    if (this.hovered) {
      this.hovered.material.emissive.set('#000000');
      this.hovered = undefined;
      this.requestRender();
    }
  }
}

export type { Lattice };
