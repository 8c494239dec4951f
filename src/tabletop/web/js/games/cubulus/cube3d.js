// @ts-check
// The Cubulus cube in 3D (three.js): balls in their cells, an arrow at every hole that has a
// legal move, drag with mouse or finger to turn the cube, arrow keys too. Pointing at an arrow (or
// a set-up cell) shows the pointer cursor and previews the move — its line glows and every ball is
// drawn where the move would put it — and a click makes it; on a touch screen a first tap previews
// and a second tap on the same arrow makes it (screen.js decides, through `handlers`).
// Each player's balls carry their mark (★ ■ ◆) round the equator, so colour is never the only cue;
// the keyboard plays in the flat layers (screen.js), which this view's label points to.
// screen.js makes one Cube3D per screen, and so one canvas (`.cube3d canvas`): update() redraws it.

import * as THREE from "three";
import { BALL, holes, index, marks } from "./screen.js";
import { cellMotion } from "./preview.js";
import { t } from "../../i18n.js";

const GAP = 1.15;
const ZOOM = [5.5, 20];  // the camera's nearest and farthest distance (pinch, wheel, + and -)

/** A hole's legal action in `legal` (insert or shift), or null. */
const holeAction = (hole, legal) => (legal.includes(`insert ${hole}`) ? `insert ${hole}`
  : legal.includes(`shift ${hole}`) ? `shift ${hole}` : null);
const NORMALS = { L: [-1, 0, 0], R: [1, 0, 0], F: [0, 0, 1], B: [0, 0, -1], D: [0, -1, 0], U: [0, 1, 0] };

/** The scene position of cell (x, y, z): x right, z up, y (front to back) into the screen. */
function place(x, y, z) {
  return new THREE.Vector3((x - 1) * GAP, (z - 1) * GAP, (1 - y) * GAP);
}

export class Cube3D {
  /** `handlers`: {hover(action | null), choose(action, "click" | "tap"), clear()}. */
  constructor(element, handlers) {
    this.element = element;
    this.handlers = handlers;
    this.view = null;
    this.legal = [];
    this.seen = null;  // the previewed move (preview.js), or null
    this.hovered = null;
    this.motion = null;  // the last move's tween, while it runs: {items, raf}
    this.zoomed = 1;  // the reader's zoom, as a share of the distance that shows the whole cube
    this.ballAt = null;
    element.tabIndex = 0;
    element.setAttribute("role", "application");
    element.setAttribute("aria-label", `${t("cubulus.view3d")}: ${t("cubulus.drag")}, ${t("cubulus.pinch")}. ${t("cubulus.keyboard")}`);
    this.textures = new Map();  // colour name → its ball's texture (colour and mark)
    try {
      this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    } catch (error) {
      element.textContent = `WebGL: ${error.message}`;
      return;
    }
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    element.append(this.renderer.domElement);  // the one canvas of this cube, found as `.cube3d canvas`
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color("#eef2f7");
    this.camera = new THREE.PerspectiveCamera(40, 1, 0.1, 100);
    this.camera.position.set(0, 0, 9.5);
    this.scene.add(new THREE.AmbientLight(0xffffff, 0.9));
    const light = new THREE.DirectionalLight(0xffffff, 1.6);
    light.position.set(4, 6, 8);
    this.scene.add(light);
    this.group = new THREE.Group();
    this.group.rotation.set(0.45, -0.6, 0);
    this.scene.add(this.group);
    const frame = new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(GAP * 3, GAP * 3, GAP * 3)),
      new THREE.LineBasicMaterial({ color: 0x8895a7 }));
    this.group.add(frame);
    this.balls = new THREE.Group();
    this.arrows = new THREE.Group();
    this.glow = new THREE.Group();  // the previewed move's line
    this.group.add(this.balls, this.arrows, this.glow);
    this.lineGeometry = new THREE.CylinderGeometry(0.56, 0.56, GAP * 2 + 1.0, 24, 1, true);
    this.ballGeometry = new THREE.SphereGeometry(0.45, 28, 20);
    this.coneGeometry = new THREE.ConeGeometry(0.17, 0.38, 16);
    this.raycaster = new THREE.Raycaster();
    this.bind();
    this.resize = this.resize.bind(this);
    // drawn for its panel's size whenever that changes (a phone turned, its address bar hidden, the page
    // laid out anew), not only when the window does: a stale size would stretch the cube out of square
    this.watch = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => this.resize());
    if (this.watch) this.watch.observe(element);
    else window.addEventListener("resize", this.resize);
    this.resize();
  }

  bind() {
    const el = this.renderer.domElement;
    el.style.cursor = "grab";
    let down = null;
    const fingers = new Map();  // pointer id → its last place: two fingers pinch to zoom
    let pinch = null;  // the fingers' distance when the pinch began, and the camera's distance then
    const spread = () => {
      const [a, b] = [...fingers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y) || 1;
    };
    el.addEventListener("pointerdown", (e) => {
      fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      el.setPointerCapture(e.pointerId);
      if (fingers.size === 2) {  // a second finger: no tap, no turn, a pinch
        pinch = { spread: spread(), distance: this.camera.position.z };
        down = null;
        return;
      }
      if (fingers.size === 1) down = { x: e.clientX, y: e.clientY, moved: 0, type: e.pointerType };
    });
    const lift = (e) => {
      fingers.delete(e.pointerId);
      if (fingers.size < 2) pinch = null;
    };
    el.addEventListener("pointermove", (e) => {
      if (fingers.has(e.pointerId)) fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && fingers.size === 2) {
        this.zoom((pinch.distance * pinch.spread) / spread());
        return;
      }
      if (!down) {  // a mouse over the cube: the pointer cursor and a preview on what can be clicked
        if (e.pointerType === "touch") return;
        const action = this.actionAt(e);
        el.style.cursor = action ? "pointer" : "grab";
        if (action !== this.hovered) {
          this.hovered = action;
          this.handlers.hover(action);
        }
        return;
      }
      const dx = e.clientX - down.x;
      const dy = e.clientY - down.y;
      down.moved += Math.abs(dx) + Math.abs(dy);
      down.x = e.clientX;
      down.y = e.clientY;
      if (down.moved >= 6) el.style.cursor = "grabbing";
      this.turn(dx * 0.01, dy * 0.01);
    });
    el.addEventListener("pointerup", (e) => {
      lift(e);
      if (down && down.moved < 6) {
        const action = this.actionAt(e);
        if (action) this.handlers.choose(action, down.type === "touch" ? "tap" : "click");
        else this.handlers.clear();
      }
      el.style.cursor = "grab";
      down = null;
    });
    el.addEventListener("pointercancel", (e) => {
      lift(e);
      down = null;
    });
    el.addEventListener("wheel", (e) => {  // a mouse wheel or a touchpad's pinch zooms too
      e.preventDefault();
      this.zoom(this.camera.position.z * Math.exp(e.deltaY * 0.0015));
    }, { passive: false });
    el.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "touch" || down) return;
      if (this.hovered) this.handlers.hover(null);
      this.hovered = null;
    });
    this.element.addEventListener("keydown", (e) => {
      const step = 0.15;
      const turns = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      if (turns[e.key]) {
        e.preventDefault();
        this.turn(...turns[e.key]);
      } else if (e.key === "+" || e.key === "=" || e.key === "-") {
        e.preventDefault();
        this.zoom(this.camera.position.z * (e.key === "-" ? 1.12 : 1 / 1.12));
      }
    });
  }

  /** The camera at `distance` from the cube's centre, between close up and the whole cube small. */
  zoom(distance) {
    this.camera.position.z = Math.max(ZOOM[0], Math.min(ZOOM[1], distance));
    this.zoomed = this.camera.position.z / (9.5 / Math.min(1, this.camera.aspect));  // kept across a resize
    this.element.dataset.zoom = this.camera.position.z.toFixed(2);
    this.render();
  }

  /**
   * The move `seen` (preview.js: the last move, drawn already) in motion for `ms`: each moved ball
   * glides from where it was — or from outside its hole, or from above for a set-up ball — to its
   * cell, and a shift's far ball leaves the cube and fades before it comes back in at the hole. The
   * positions are tweened in a render loop; at the end every ball is exactly where draw() put it.
   */
  animate(seen, ms, elapsed = 0) {
    if (!this.renderer || !this.ballAt) return;
    this.stopMotion();
    const items = /** @type {{mesh: any, from: any, to: any, delay: number, span: number, fade: boolean,
      ghost?: boolean, opacity?: number}[]} */ ([]);
    for (const step of cellMotion(seen)) {
      const mesh = this.ballAt.get(step.to.join(""));
      if (!mesh) continue;
      const to = mesh.position.clone();
      const from = step.from ? place(...step.from) : to.clone().add(new THREE.Vector3(0, GAP * 1.6, 0));
      items.push({ mesh, from, to, delay: step.delay, span: step.span, fade: step.outside || !step.from });
    }
    for (const ghost of cellMotion(seen, true)) {
      const colour = this.view.colours[Number(ghost.ball)];
      const map = this.texture(colour);
      const material = new THREE.MeshStandardMaterial({ map, color: map ? 0xffffff : (BALL[colour] || BALL.neutral).fill,
        transparent: true, roughness: 0.45 });
      const mesh = new THREE.Mesh(this.ballGeometry, material);
      this.balls.add(mesh);
      items.push({ mesh, from: place(...ghost.from), to: place(...ghost.to), delay: 0, span: 0.5, fade: true, ghost: true });
    }
    if (!items.length) return;
    for (const item of items) {
      if (item.fade) {
        item.mesh.material.transparent = true;
        item.opacity = item.mesh.material.opacity;
      }
    }
    const start = performance.now() - elapsed;  // a motion taken up again after a redraw goes on where it was
    this.element.dataset.motion = "running";
    const frame = (now) => {
      const u = Math.min(1, (now - start) / ms);
      for (const item of items) {
        const v = Math.min(1, Math.max(0, (u - item.delay) / item.span));
        const eased = 1 - (1 - v) ** 3;
        item.mesh.position.lerpVectors(item.from, item.to, eased);
        if (item.fade) item.mesh.material.opacity = item.ghost ? 1 - v : item.opacity * v;
      }
      this.render();
      if (u < 1) {
        this.motion.raf = requestAnimationFrame(frame);
        return;
      }
      this.stopMotion();
    };
    this.motion = { items, raf: 0 };
    frame(performance.now());
  }

  /** End a move's motion at once: every ball where draw() put it, the leaving ball gone. */
  stopMotion() {
    if (!this.motion) return;
    cancelAnimationFrame(this.motion.raf);
    for (const item of this.motion.items) {
      item.mesh.position.copy(item.to);
      if (item.ghost) {
        this.balls.remove(item.mesh);
        item.mesh.material.dispose();
      } else if (item.fade) item.mesh.material.opacity = item.opacity;
    }
    this.motion = null;
    this.element.dataset.motion = "done";
    this.render();
  }

  turn(yaw, pitch) {
    this.group.rotation.y += yaw;
    this.group.rotation.x = Math.max(-1.4, Math.min(1.4, this.group.rotation.x + pitch));
    this.render();
  }

  /** The legal action under the pointer of `event` (an arrow, or a set-up cell), or null. */
  actionAt(event) {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const pointer = new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(pointer, this.camera);
    const hit = this.raycaster.intersectObjects([...this.arrows.children, ...this.balls.children], false)
      .find((h) => h.object.userData.action);
    return hit ? hit.object.userData.action : null;
  }

  resize() {
    if (!this.renderer) return;
    const width = this.element.clientWidth || 400;
    const height = this.element.clientHeight || 400;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    // a tall panel (a phone) sees less across than up: the camera steps back so the whole cube fits
    this.camera.position.z = Math.min(ZOOM[1], 9.5 / Math.min(1, this.camera.aspect) * this.zoomed);
    this.camera.updateProjectionMatrix();
    this.render();
  }

  update(view, legal) {
    if (!this.renderer) return;
    this.view = view;
    this.legal = legal;
    this.seen = null;
    this.draw();
  }

  /** Show the move `seen` (from preview.js) before it is made, or the position itself (null). */
  preview(seen) {
    if (!this.renderer || !this.view) return;
    this.seen = seen;
    this.draw();
  }

  draw() {
    const view = this.view;
    const legal = this.legal;
    const seen = this.seen;
    const mk = marks(view);
    const board = seen ? seen.board : view.board;
    const moved = new Set(seen ? seen.moves.map((m) => m.to) : []);
    this.stopMotion();  // a redraw shows the position itself
    for (const child of [...this.balls.children, ...this.arrows.children, ...this.glow.children]) child.material.dispose();
    this.ballAt = new Map();  // cell "xyz" → its mesh, for the move's motion
    this.balls.clear();
    this.arrows.clear();
    this.glow.clear();
    for (let x = 0; x < 3; x += 1) {
      for (let y = 0; y < 3; y += 1) {
        for (let z = 0; z < 3; z += 1) {
          const i = index(x, y, z);
          const ch = board[i];
          const cell = `${x}${y}${z}`;
          const action = legal.includes(`place ${cell}`) ? `place ${cell}` : null;
          let material;
          if (ch === ".") {
            material = new THREE.MeshStandardMaterial({ color: action ? 0x1f6f50 : 0xffffff, transparent: true,
              opacity: action ? 0.3 : 0.08 });
          } else {
            const colour = view.colours[Number(ch)];
            const map = this.texture(colour);
            material = map ? new THREE.MeshStandardMaterial({ map, roughness: 0.45 })
              : new THREE.MeshStandardMaterial({ color: (BALL[colour] || BALL.neutral).fill, roughness: 0.45 });
            if (seen && moved.has(cell)) material.emissive = new THREE.Color(0x3a3a3a);  // where the move puts it
            else if (seen) {  // the rest steps back
              material.transparent = true;
              material.opacity = 0.55;
            } else if (mk.winning.has(i)) material.emissive = new THREE.Color(0x555555);
            else if (mk.changed.has(i)) material.emissive = new THREE.Color(0x4a1f3a);
          }
          const ball = new THREE.Mesh(this.ballGeometry, material);
          ball.position.copy(place(x, y, z));
          ball.userData.action = action;
          this.balls.add(ball);
          this.ballAt.set(cell, ball);
        }
      }
    }
    for (const [hole, x, y, z] of holes()) {
      const action = holeAction(hole, legal);
      const last = mk.lastHole === hole;
      if (!action && !last) continue;
      const normal = new THREE.Vector3(...NORMALS[hole[0]]);
      const chosen = seen && seen.action === action;
      const colour = chosen ? 0x1b1f24 : last && !action ? 0xcc79a7 : action.startsWith("shift") ? 0x7a4fa0 : 0x1f6f50;
      const cone = new THREE.Mesh(this.coneGeometry, new THREE.MeshStandardMaterial({ color: colour }));
      cone.position.copy(place(x, y, z).add(normal.clone().multiplyScalar(GAP * 0.95)));
      cone.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), normal.clone().negate());  // pointing in
      if (chosen) cone.scale.setScalar(1.5);
      cone.userData.action = action;
      this.arrows.add(cone);
    }
    if (seen && seen.line.length === 3) {  // the line the move turns or pushes, as a glowing tube
      const [a, , c] = seen.line.map((cell) => place(Number(cell[0]), Number(cell[1]), Number(cell[2])));
      const tube = new THREE.Mesh(this.lineGeometry, new THREE.MeshBasicMaterial({ color: 0x1b1f24, transparent: true,
        opacity: 0.16, depthWrite: false, side: THREE.DoubleSide }));
      tube.position.copy(a.clone().add(c).multiplyScalar(0.5));
      tube.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), c.clone().sub(a).normalize());
      this.glow.add(tube);
    }
    this.render();
  }

  /** A ball's surface: its colour with its mark four times round the equator (null: no mark). */
  texture(colour) {
    const ball = BALL[colour];
    if (!ball || !ball.mark) return null;
    if (!this.textures.has(colour)) {
      const canvas = document.createElement("canvas");
      canvas.width = 256;
      canvas.height = 128;
      const g = canvas.getContext("2d");
      g.fillStyle = ball.fill;
      g.fillRect(0, 0, 256, 128);
      g.fillStyle = colour === "yellow" ? "#333" : "#fff";
      g.font = "40px sans-serif";
      g.textAlign = "center";
      g.textBaseline = "middle";
      for (const x of [32, 96, 160, 224]) g.fillText(ball.mark, x, 66);
      const texture = new THREE.CanvasTexture(canvas);
      texture.colorSpace = THREE.SRGBColorSpace;
      this.textures.set(colour, texture);
    }
    return this.textures.get(colour);
  }

  render() {
    if (this.renderer) this.renderer.render(this.scene, this.camera);
  }

  destroy() {
    if (this.motion) cancelAnimationFrame(this.motion.raf);
    if (this.watch) this.watch.disconnect();
    window.removeEventListener("resize", this.resize);
    for (const texture of this.textures.values()) texture.dispose();
    if (this.renderer) this.renderer.dispose();
  }
}
