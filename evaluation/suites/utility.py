from evaluation.metrics import SuiteResult


def run(run):
    return SuiteResult("utility", "todo")
