import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlgorithms } from '../../api/models.ts';
import { usePackages } from '../../api/packages.ts';

/**
 * The function picker: package, file, function; only built packages can be chosen. The value is
 * the chosen function (algorithm) id.
 */
export function FunctionPicker({
  projectId,
  value,
  onChange,
}: {
  projectId: string;
  value: string | null;
  onChange: (algorithmId: string | null) => void;
}) {
  const { t } = useTranslation('models');
  const packages = usePackages(projectId);
  const algorithms = useAlgorithms(projectId);
  const [picked, setPicked] = useState<{ packageId: string | null; moduleId: string | null }>({
    packageId: null,
    moduleId: null,
  });
  const chosen = algorithms.data?.find((a) => a._id === value);
  const built = (packages.data ?? []).filter((p) => p.status === 'built');
  const packageId = chosen?.packageId ?? picked.packageId;
  const moduleId = chosen?.moduleId ?? picked.moduleId;
  const pkg = built.find((p) => p._id === packageId);
  const functions = (algorithms.data ?? []).filter((a) => a.packageId === packageId && a.moduleId === moduleId);
  /**
   * A package or file picked: its first function is chosen, to be changed below. A package opens on its first
   * module that has functions (an `__init__.py` usually has none).
   */
  const pick = (pId: string | null, mId: string | null) => {
    const modules = built.find((p) => p._id === pId)?.modules ?? [];
    const module = mId ?? (modules.find((m) => m.algorithms.length > 0) ?? modules[0])?._id ?? null;
    setPicked({ packageId: pId, moduleId: module });
    const first = (algorithms.data ?? []).find((a) => a.packageId === pId && a.moduleId === module);
    onChange(first?._id ?? null);
  };
  return (
    <Stack gap="sm">
      <Select
        label={t('source.package')}
        data={built.map((p) => ({ value: p._id, label: p.name }))}
        value={packageId}
        onChange={(p) => pick(p, null)}
        nothingFoundMessage={t('source.noPackages')}
        allowDeselect={false}
      />
      <Select
        label={t('source.file')}
        data={(pkg?.modules ?? []).map((m) => ({ value: m._id, label: m.filename || m.name }))}
        value={moduleId}
        onChange={(m) => pick(packageId, m)}
        disabled={!pkg}
        allowDeselect={false}
      />
      <Select
        label={t('source.function')}
        data={functions.map((a) => ({ value: a._id, label: a.functionName }))}
        value={value}
        onChange={(a) => a && onChange(a)}
        disabled={!moduleId || (algorithms.data !== undefined && functions.length === 0)}
        description={
          moduleId && algorithms.data !== undefined && functions.length === 0 ? t('source.noFunctions') : undefined
        }
        allowDeselect={false}
      />
    </Stack>
  );
}
