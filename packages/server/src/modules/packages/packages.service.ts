import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Algorithm,
  checkRequirements,
  DEFAULT_BASE_IMAGE,
  formatMessage,
  isBuilding,
  PACKAGE_ERRORS,
  type Package,
  PYTHON_BASE_IMAGES,
  type PythonVersions,
  requirementMessage,
} from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  addedToEnvironment,
  extractZip,
  findInterpreters,
  newestServedPython,
  sandboxStatus,
  ZipRejectedError,
} from '../../runner/index.ts';
import { announce, type BuildJobData } from './build.job.ts';
import { parseEnv } from './env.ts';
import type { PackagesDeps } from './packages.deps.ts';
import {
  envsDir,
  isText,
  MAX_SHOWN_FILE_BYTES,
  readRequirements,
  readRequirementsFile,
  requirementsHash,
  safeFilePath,
} from './packages.files.ts';
import { type ModelUse, presentAlgorithm, presentPackage } from './packages.presenter.ts';
import { changedBetween, type PackageSources, packageSourcesOf, type SourceList } from './packages.sources.ts';
import {
  deletePackageRow,
  findAlgorithm,
  findPackage,
  findRevision,
  insertPackage,
  insertRevision,
  listModules,
  listProjectAlgorithms,
  listProjectPackages,
  nextRevisionNumber,
  type PackageWithUser,
  updatePackageRow,
} from './packages.store.ts';
import { receivePackageForm } from './packages.upload.ts';

/**
 * Requirements a build accepts (the shared rule: names, versions and markers only; docs/security.md, "Builds"),
 * else a 400 naming the line, under `field` when the text came from one.
 */
function assertRequirements(text: string, field?: string): void {
  const problem = checkRequirements(text);
  if (!problem) return;
  const message = requirementMessage(problem);
  throw badRequest(message, field ? { [field]: message } : undefined);
}

/** The requirements of a staged folder, checked; a refused line removes the folder. */
async function stagedRequirements(staged: string, field?: string): Promise<string> {
  const text = await readRequirements(staged);
  try {
    assertRequirements(text, field);
  } catch (error) {
    await rm(staged, { recursive: true, force: true });
    throw error;
  }
  return text;
}

/**
 * Which models use a package: an extension point of the packages module, filled by the models module at
 * composition (app.ts); without it no model exists.
 */
export type ModelUsesReader = (db: Db, packageId: string) => Promise<ModelUse[]>;
const NO_MODELS: ModelUsesReader = async () => [];

/** Source-code packages: uploads, revisions, code edits and commits, env and dependencies. */
export class PackagesService {
  private readonly db: Db;
  private readonly dataDir: string;
  private readonly sources: PackageSources;
  /** Called once a package is deleted (its running Dash apps stop). */
  onDelete?: (packageId: string) => Promise<void>;
  constructor(
    private readonly deps: PackagesDeps,
    private readonly modelUses: ModelUsesReader = NO_MODELS,
  ) {
    this.db = deps.db;
    this.dataDir = deps.config.DATA_DIR;
    this.sources = packageSourcesOf(deps);
  }

  async getRow(id: string): Promise<PackageWithUser> {
    const row = await findPackage(this.db, id);
    if (!row) throw notFound('package.notFound');
    return row;
  }

  async present(row: PackageWithUser): Promise<Package> {
    const { modules, algorithms } = await listModules(this.db, [row.id]);
    return presentPackage(row, modules, algorithms, await this.modelUses(this.db, row.id));
  }

  async list(projectId: string): Promise<Package[]> {
    const rows = await listProjectPackages(this.db, projectId);
    const { modules, algorithms } = await listModules(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentPackage(r, modules, algorithms));
  }

  async show(id: string): Promise<Package> {
    return this.present(await this.getRow(id));
  }

  async update(id: string, change: { name?: string; description?: string }): Promise<Package> {
    await this.getRow(id);
    await updatePackageRow(this.db, id, change);
    const row = await this.getRow(id);
    announce(this.deps.realtime, row, null, 'updated', null);
    return this.present(row);
  }

  async delete(id: string): Promise<void> {
    const row = await this.getRow(id);
    const uses = await this.modelUses(this.db, id);
    if (uses.length) throw conflict({ code: 'package.inUse', params: { count: uses.length } });
    if (!(await deletePackageRow(this.db, id))) throw notFound('package.notFound');
    await this.onDelete?.(id);
    await this.sources
      .remove(id)
      .catch((err) => this.deps.log.warn({ err, packageId: id }, 'package files not removed'));
    this.deps.realtime.emit(row.projectId, 'package:deleted', { _id: id }, { area: 'package' });
  }

  /** A new package from an uploaded zip: checked and unpacked before answering (a bad zip: 400, nothing kept). */
  async upload(userId: string, projectId: string, request: FastifyRequest): Promise<Package> {
    const form = await receivePackageForm(request, this.dataDir);
    const id = newId();
    try {
      if (form.fields.projectId && form.fields.projectId !== projectId) {
        throw badRequest('package.projectMismatch', { projectId: 'package.projectMismatch' });
      }
      const staged = await this.unpack(id, form.zipPath, 'upload');
      const dependencies = await stagedRequirements(staged, 'zipfile');
      await this.sources.freeze(id, staged, 1);
      await this.db.transaction(async (tx) => {
        await insertPackage(tx, {
          id,
          projectId,
          name: form.fields.name,
          filename: form.filename,
          baseImage: form.fields.baseImage,
          userId,
          status: 'queued',
          revision: 1,
          dependencies,
        });
        await insertRevision(tx, {
          packageId: id,
          revision: 1,
          projectId,
          requirementsHash: requirementsHash(dependencies),
          userId,
        });
      });
    } catch (error) {
      await this.sources.remove(id);
      throw error;
    } finally {
      await rm(form.zipPath, { force: true });
    }
    const row = await this.getRow(id);
    await this.build(userId, row, { kind: 'upload', discover: true, install: true });
    return this.present(await this.getRow(id));
  }

  /** Update Package: a new zip becomes the next revision of the same package, built again. */
  async replaceZip(userId: string, id: string, request: FastifyRequest): Promise<Package> {
    const current = await this.getRow(id);
    const form = await receivePackageForm(request, this.dataDir);
    try {
      if (isBuilding(current.status)) throw conflict('package.building');
      const revision = await nextRevisionNumber(this.db, id);
      const staged = await this.unpack(id, form.zipPath, `update-${revision}`);
      const dependencies = await stagedRequirements(staged, 'zipfile');
      await this.sources.freeze(id, staged, revision);
      await this.db.transaction(async (tx) => {
        await insertRevision(tx, {
          packageId: id,
          revision,
          projectId: current.projectId,
          requirementsHash: requirementsHash(dependencies),
          userId,
        });
        await updatePackageRow(tx, id, {
          revision,
          name: form.fields.name,
          baseImage: form.fields.baseImage,
          filename: form.filename,
          dependencies,
          status: 'queued',
          errorLog: '',
          envKey: null,
        });
      });
    } finally {
      await rm(form.zipPath, { force: true });
    }
    const row = await this.getRow(id);
    await this.build(userId, row, { kind: 'update', discover: true, install: true });
    return this.present(await this.getRow(id));
  }

  /** Unpacks a zip into a staging folder of the package (a bad zip: 400 naming why, the folder removed). */
  private async unpack(id: string, zipPath: string, label: string): Promise<string> {
    const staged = path.join(this.sources.localDir(id), `${label}.tmp`);
    await rm(staged, { recursive: true, force: true });
    await mkdir(path.dirname(staged), { recursive: true });
    try {
      await extractZip(zipPath, staged);
    } catch (error) {
      await rm(staged, { recursive: true, force: true });
      if (error instanceof ZipRejectedError) throw badRequest(error.reason, { zipfile: error.reason });
      throw error;
    }
    return staged;
  }

  private async build(userId: string | null, row: PackageWithUser, step: Omit<BuildJobData, 'packageId' | 'revision'>) {
    const data: BuildJobData = { packageId: row.id, revision: row.revision, ...step };
    await updatePackageRow(this.db, row.id, { status: 'queued' });
    await this.deps.jobs.enqueue({
      projectId: row.projectId,
      type: 'packageBuild',
      ownerType: 'package',
      ownerId: row.id,
      userId,
      name: row.name,
      data,
    });
    announce(this.deps.realtime, { ...row, status: 'queued' }, step.kind, 'started', null);
  }

  /** The working copy's text files, and those that differ from the current revision. */
  async code(id: string): Promise<{ sourceCode: Record<string, string>; changed: string[] }> {
    const row = await this.getRow(id);
    const [work, revision] = await Promise.all([this.sources.work(id), this.sources.revision(id, row.revision)]);
    const sourceCode: Record<string, string> = {};
    for (const [rel, file] of Object.entries(work)) {
      if (file.bytes > MAX_SHOWN_FILE_BYTES) continue;
      const buffer = await readFile(await this.sources.localFile(id, file));
      if (isText(buffer)) sourceCode[rel] = buffer.toString('utf8');
    }
    return { sourceCode, changed: changedBetween(revision, work) };
  }

  async saveCode(id: string, fileName: string, text: string): Promise<void> {
    const row = await this.getRow(id);
    const rel = safeFilePath(fileName);
    if (!rel) throw badRequest('package.badFileName', { fileName: 'package.badFileName' });
    const work = await this.sources.work(id);
    if (!work[rel]) throw notFound('package.fileNotFound');
    if (rel === 'requirements.txt') assertRequirements(text, 'updatedCode');
    await this.writeWorkFile(id, work, rel, text);
    announce(this.deps.realtime, row, null, 'updated', null);
  }

  /** The working copy becomes the next revision: functions read again; rebuilt only when the requirements changed. */
  async commit(userId: string, id: string): Promise<Package> {
    const row = await this.getRow(id);
    if (isBuilding(row.status)) throw conflict('package.building');
    const work = await this.sources.work(id);
    if (!changedBetween(await this.sources.revision(id, row.revision), work).length) {
      throw conflict('package.nothingToCommit');
    }
    const revision = await nextRevisionNumber(this.db, id);
    const requirements = work['requirements.txt'];
    const dependencies = requirements ? await readRequirementsFile(await this.sources.localFile(id, requirements)) : '';
    assertRequirements(dependencies);
    const hash = requirementsHash(dependencies);
    const install = hash !== requirementsHash(row.dependencies) || !row.envKey;
    await this.sources.addRevision(id, revision, work);
    await this.db.transaction(async (tx) => {
      await insertRevision(tx, { packageId: id, revision, projectId: row.projectId, requirementsHash: hash, userId });
      await updatePackageRow(tx, id, { revision, dependencies, ...(install ? { envKey: null } : {}) });
    });
    await this.build(userId, await this.getRow(id), { kind: 'commit', discover: true, install });
    return this.show(id);
  }

  /** Revert Changes: the previous revision's code becomes the working copy, committed as the next revision. */
  async revert(userId: string, id: string): Promise<Package> {
    const row = await this.getRow(id);
    if (isBuilding(row.status)) throw conflict('package.building');
    if (row.revision <= 1 || !(await findRevision(this.db, id, row.revision - 1))) {
      throw conflict('package.noEarlierRevision');
    }
    await this.sources.setWork(id, await this.sources.revision(id, row.revision - 1));
    return this.commit(userId, id);
  }

  /**
   * Commits the working copy when it differs from the current revision and no build runs (a model's Update Source
   * Commit keeps the package's edits too); true when a commit was made.
   */
  async commitIfChanged(userId: string, id: string): Promise<boolean> {
    const row = await this.getRow(id);
    if (isBuilding(row.status)) return false;
    const [work, revision] = await Promise.all([this.sources.work(id), this.sources.revision(id, row.revision)]);
    if (!changedBetween(revision, work).length) return false;
    await this.commit(userId, id);
    return true;
  }

  async dependencies(id: string): Promise<{ dependencies: string; added: string[] }> {
    const row = await this.getRow(id);
    const added = row.envKey ? await addedToEnvironment(envsDir(this.deps.config), row.envKey) : [];
    return { dependencies: row.dependencies, added };
  }

  /** New requirements: written to the working copy's requirements.txt and built as a job (Commit keeps them). */
  async saveDependencies(userId: string, id: string, text: string): Promise<Package> {
    const row = await this.getRow(id);
    if (isBuilding(row.status)) throw conflict('package.building');
    assertRequirements(text, 'updatedDependencies');
    await this.writeWorkFile(id, await this.sources.work(id), 'requirements.txt', text);
    await updatePackageRow(this.db, id, { dependencies: text, envKey: null });
    await this.build(userId, await this.getRow(id), { kind: 'dependencies', discover: false, install: true });
    return this.show(id);
  }

  /** The variables hold secrets (docs/security.md, "Package secrets"): values for package editors, else names. */
  async env(id: string, withValues: boolean): Promise<{ env: string; valuesHidden: boolean }> {
    const text = (await this.getRow(id)).env;
    if (withValues) return { env: text, valuesHidden: false };
    return { env: Object.keys(parseEnv(text).vars).join('\n'), valuesHidden: true };
  }

  /** New environment variables (KEY=value lines, checked): kept, and the environment checked again as a job. */
  async saveEnv(userId: string, id: string, text: string): Promise<Package> {
    const row = await this.getRow(id);
    if (isBuilding(row.status)) throw conflict('package.building');
    const problem = parseEnv(text).error;
    if (problem) throw badRequest(problem, { updatedEnv: problem });
    await updatePackageRow(this.db, id, { env: text });
    await this.build(userId, await this.getRow(id), { kind: 'env', discover: false, install: false });
    return this.show(id);
  }

  /** One file of the working copy replaced (or added) by a text. */
  private async writeWorkFile(id: string, work: SourceList, rel: string, text: string): Promise<void> {
    const file = await this.sources.putBytes(id, Buffer.from(text, 'utf8'));
    await this.sources.setWork(id, { ...work, [rel]: file });
  }

  async algorithms(projectId: string): Promise<Algorithm[]> {
    return (await listProjectAlgorithms(this.db, projectId)).map(presentAlgorithm);
  }

  async algorithm(id: string): Promise<Algorithm> {
    const row = await findAlgorithm(this.db, id);
    if (!row) throw notFound('package.algorithmNotFound');
    return presentAlgorithm(row);
  }

  /**
   * The newest Python the index serves the usual libraries for (asked once per process); while the index has not
   * answered (2 s at most here), the newest installed base image.
   */
  private async defaultPython(found: Awaited<ReturnType<typeof findInterpreters>>): Promise<string> {
    const installed = PYTHON_BASE_IMAGES.filter((v) => found.some((i) => i.version === v && i.available));
    const fallback = installed.at(-1) ?? DEFAULT_BASE_IMAGE;
    const waited = await Promise.race([newestServedPython(), sleep(2000).then(() => undefined)]);
    return waited ?? fallback;
  }

  async pythonVersions(): Promise<PythonVersions> {
    const found = await findInterpreters();
    const sandbox = await sandboxStatus();
    return {
      versions: PYTHON_BASE_IMAGES.map((version) => {
        const hit = found.find((i) => i.version === version);
        const available = Boolean(hit?.available);
        return {
          version,
          available,
          reason: available ? null : formatMessage(PACKAGE_ERRORS.interpreterMissing, { version }),
        };
      }),
      sandbox: { enabled: sandbox.active, message: sandbox.reason ?? null },
      default: this.deps.config.DEFAULT_PYTHON ?? (await this.defaultPython(found)),
    };
  }
}
